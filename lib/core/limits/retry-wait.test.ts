import { describe, expect, it } from "vitest";
import { retryAfterOf, retryWait } from "./retry-wait";

describe("retryWait", () => {
  it("seconds under a minute, whole minutes rounded up above", () => {
    expect(retryWait("1")).toEqual({ unit: "seconds", count: 1 });
    expect(retryWait(59)).toEqual({ unit: "seconds", count: 59 });
    expect(retryWait("60")).toEqual({ unit: "minutes", count: 1 });
    expect(retryWait("61")).toEqual({ unit: "minutes", count: 2 });
    expect(retryWait("900")).toEqual({ unit: "minutes", count: 15 });
  });

  it("nothing for what an edited address could hold", () => {
    for (const value of [undefined, "", "0", "-5", "1.5", "soon", "86401", "1e3 ", 1e9]) expect(retryWait(value)).toBeUndefined();
  });

  it("reads Retry-After from either kind of headers", () => {
    expect(retryAfterOf({ headers: { "retry-after": "30" } })).toBe("30");
    expect(retryAfterOf({ headers: new Headers({ "retry-after": "30" }) })).toBe("30");
    expect(retryAfterOf({ headers: {} })).toBeUndefined();
    expect(retryAfterOf(null)).toBeUndefined();
  });
});
