import { describe, expect, it } from "vitest";
import { maskedPhone } from "./masked-phone";

describe("a payer's number shown masked", () => {
  it.each([
    ["+2250700000444", "+225 07 •• •• •4 44"],
    ["+221771234567", "+221 7 7• •• •5 67"],
    ["+237650000444", "+237 6 5• •• •4 44"],
  ])("%s reads %s", (phone, masked) => {
    expect(maskedPhone(phone)).toBe(masked);
  });

  it("shows at most five of its national digits", () => {
    const masked = maskedPhone("+2250712345678");
    expect(masked.replace(/^\+225/, "").replace(/\D/g, "")).toHaveLength(5);
    expect(masked).not.toContain("12345");
  });
});
