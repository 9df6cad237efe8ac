import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/errors/api-error";
import { DomainError, type OutcomeKind, type OutcomeReason } from "@/lib/core/errors/domain-error";
import { limitReached, withLimitHeaders } from "@/lib/core/limits/rate-limit";
import { apiErrorOf } from "./api-error-of";

const answer = (kind: OutcomeKind, reason?: OutcomeReason) => {
  const error = apiErrorOf(new DomainError(kind, { reason, details: "why" }))!;
  return [error.code, error.status];
};

describe("the API's mapping of outcomes", () => {
  it("gives each kind its contract code and status", () => {
    expect(answer("not_found")).toEqual([40004, 404]);
    expect(answer("unauthenticated")).toEqual([40002, 401]);
    expect(answer("not_allowed")).toEqual([40001, 403]);
    expect(answer("invalid")).toEqual([40023, 400]);
    expect(answer("refused")).toEqual([40020, 400]);
    expect(answer("conflict")).toEqual([40020, 409]);
    expect(answer("insufficient_balance")).toEqual([40013, 422]);
    expect(answer("limited")).toEqual([42900, 429]);
    expect(answer("operator_failed")).toEqual([50200, 502]);
    expect(answer("unavailable")).toEqual([50300, 503]);
  });

  it("gives a reason its own code where the contract has one, and ignores one it has not", () => {
    expect(answer("invalid", "amount")).toEqual([40010, 400]);
    expect(answer("invalid", "country")).toEqual([40011, 400]);
    expect(answer("invalid", "gateway")).toEqual([40012, 400]);
    expect(answer("invalid", "phone")).toEqual([40014, 400]);
    expect(answer("invalid", "currency")).toEqual([40015, 400]);
    expect(answer("invalid", "callback_url")).toEqual([40021, 400]);
    expect(answer("invalid", "otp")).toEqual([40019, 400]);
    expect(answer("not_found", "transaction")).toEqual([40006, 404]);
    expect(answer("not_found", "otp_gone")).toEqual([40007, 404]);
    expect(answer("not_allowed", "role")).toEqual([401, 401]);
    expect(answer("refused", "amount")).toEqual([40020, 400]);
  });

  it("keeps details and hint, and says when to come back", () => {
    expect(apiErrorOf(new DomainError("refused", { details: "last owner", hint: "lastOwner" }))).toMatchObject({ details: "last owner", hint: "lastOwner", headers: undefined });
    expect(apiErrorOf(limitReached(20, 30, "Limit reached"))?.headers).toEqual({ "retry-after": "30", "ratelimit-limit": "20", "ratelimit-remaining": "0", "ratelimit-reset": "30" });
    expect(apiErrorOf(new DomainError("unavailable", { retryAfterSeconds: 12 }))?.headers).toEqual({ "retry-after": "12" });
    const spent = withLimitHeaders(new DomainError("unauthenticated", { details: "Invalid e-mail or password" }), { limit: 5, remaining: 2, resetSeconds: 90 });
    expect(apiErrorOf(spent)).toMatchObject({ code: 40002, status: 401, details: "Invalid e-mail or password", headers: { "ratelimit-limit": "5", "ratelimit-remaining": "2", "ratelimit-reset": "90" } });
  });

  it("passes a surface's own ApiError through and leaves anything else (a bug) to the 500", () => {
    const own = new ApiError(40016, { details: "not JSON" });
    expect(apiErrorOf(own)).toBe(own);
    expect(apiErrorOf(new Error("boom"))).toBeNull();
    expect(apiErrorOf("nope")).toBeNull();
  });
});
