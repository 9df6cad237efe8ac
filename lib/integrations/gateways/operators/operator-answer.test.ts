import { describe, expect, it } from "vitest";
import { amountMismatch } from "./operator-answer";

const ours = { amountMinor: 5150n, currency: "XOF" };

describe("amountMismatch: whether a success the operator reports may complete ours", () => {
  it("agrees only with our amount in our currency (a reported amount without a currency is read in ours)", () => {
    expect(amountMismatch({ amountMinor: 5150n, currency: "XOF" }, ours)).toBeNull();
    expect(amountMismatch({ amountMinor: 5150n }, ours)).toBeNull();
    expect(amountMismatch({ amountMinor: 1n, currency: "XOF" }, ours)).toBe("amount mismatch: operator 1 XOF, ours 5150 XOF");
    expect(amountMismatch({ amountMinor: 515000n, currency: "EUR" }, ours)).toBe("amount mismatch: operator 5150 EUR, ours 5150 XOF");
  });

  it("completes nothing when the operator reported no amount, or one we could not read (only its currency came through)", () => {
    expect(amountMismatch({}, ours)).toBe("amount mismatch: operator ? XOF, ours 5150 XOF");
    expect(amountMismatch({ currency: "XOF" }, ours)).toBe("amount mismatch: operator ? XOF, ours 5150 XOF");
  });
});
