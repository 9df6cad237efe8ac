import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isFormToken, newFormToken } from "./form-token";

describe("form tokens", () => {
  it("are 32 hex digits, a new one each time", () => {
    const tokens = Array.from({ length: 200 }, newFormToken);
    for (const token of tokens) expect(isFormToken(token), token).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it("refuse anything else: absent, empty, another shape or case, padded", () => {
    for (const value of [undefined, null, "", 42, "0".repeat(31), "0".repeat(33), "A".repeat(32), ` ${"a".repeat(32)}`, `${"a".repeat(32)}\n`, "g".repeat(32)]) {
      expect(isFormToken(value), JSON.stringify(value)).toBe(false);
    }
    fc.assert(fc.property(fc.string(), (value) => isFormToken(value) === /^[0-9a-f]{32}$/.test(value)));
  });
});
