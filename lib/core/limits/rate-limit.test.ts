import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/errors/api-error";
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
    const error = withLimitHeaders(new ApiError(40002, { details: "Invalid e-mail or password" }), state);
    expect(error).toMatchObject({ code: 40002, status: 401, details: "Invalid e-mail or password" });
    expect((error as ApiError).headers).toEqual({ "ratelimit-limit": "5", "ratelimit-remaining": "2", "ratelimit-reset": "90" });
  });

  it("leaves a 429's own headers and anything that is not an ApiError alone", () => {
    const tooMany = new ApiError(42900, { headers: { "retry-after": "30", "ratelimit-limit": "20", "ratelimit-remaining": "0", "ratelimit-reset": "30" } });
    expect(withLimitHeaders(tooMany, state)).toBe(tooMany);
    const crash = new Error("database down");
    expect(withLimitHeaders(crash, state)).toBe(crash);
  });
});
