import { describe, expect, it } from "vitest";
import { formatPhone } from "./phone-display";

describe("a number as people write it", () => {
  it.each([
    ["+2250700000111", "+225 07 00 00 01 11"],
    ["+2250712345678", "+225 07 12 34 56 78"],
    ["+221771234567", "+221 77 123 45 67"],
    ["+237671234567", "+237 6 71 23 45 67"],
    ["+2290197123456", "+229 01 97 12 34 56"],
    ["+22890123456", "+228 90 12 34 56"],
  ])("%s reads %s", (e164, shown) => {
    expect(formatPhone(e164)).toBe(shown);
  });

  it("keeps every digit, in order", () => {
    for (const e164 of ["+2250700000111", "+221771234567", "+237671234567"]) expect(`+${formatPhone(e164).replace(/\D/g, "")}`).toBe(e164);
  });

  it("shows what is no number as it is, and nothing as nothing", () => {
    expect(formatPhone("guichet 3")).toBe("guichet 3");
    expect(formatPhone(null)).toBeNull();
    expect(formatPhone("")).toBe("");
  });
});
