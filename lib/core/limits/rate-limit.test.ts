import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/core/errors/domain-error";
import { mostRestrictive, withLimitHeaders } from "./rate-limit";

describe("mostRestrictive", () => {
  it("reports the limit with the fewest requests left, then the longest wait", () => {
    const address = { limit: 20, remaining: 12, resetSeconds: 600 };
    const account = { limit: 5, remaining: 3, resetSeconds: 120 };
    expect(mostRestrictive([address, account])).toBe(account);
    expect(mostRestrictive([account, address])).toBe(account);
    const sooner = { limit: 5, remaining: 3, resetSeconds: 60 };
    expect(mostRestrictive([sooner, account])).toBe(account);
  });
});

describe("withLimitHeaders", () => {
  const state = { limit: 5, remaining: 2, resetSeconds: 90 };

  it("adds RateLimit-* to a refusal, keeping its code, status and details", () => {
    const error = withLimitHeaders(new DomainError("unauthenticated", { details: "Invalid e-mail or password" }), state);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: "unauthenticated", details: "Invalid e-mail or password", rateLimit: state });
  });

  it("leaves a 429's own headers and anything that is not an outcome alone", () => {
    const tooMany = new DomainError("limited", { retryAfterSeconds: 30, rateLimit: { limit: 20, remaining: 0, resetSeconds: 30 } });
    expect(withLimitHeaders(tooMany, state)).toBe(tooMany);
    const crash = new Error("database down");
    expect(withLimitHeaders(crash, state)).toBe(crash);
  });
});
