import { describe, expect, it } from "vitest";
import { amountMatches, readLookupForm } from "./lookup-facts";

const now = new Date("2026-12-03T10:00:00Z");

describe("the facts a customer gives", () => {
  it("phone, amount and day together, the day in the number's country", () => {
    const read = readLookupForm({ country: "CI", phone: "07 00 00 04 44", amount: "5 000", day: "2026-12-03" }, now);
    expect(read).toEqual({ facts: { phone: "+2250700000444", amount: "5 000", day: { start: new Date("2026-12-03T00:00:00Z"), end: new Date("2026-12-04T00:00:00Z") } } });
    // A Cameroonian number's day starts an hour earlier in UTC, whatever country was chosen.
    const douala = readLookupForm({ country: "CI", phone: "+237650000444", amount: "5000", day: "2026-12-03" }, now);
    expect("facts" in douala && douala.facts.day?.start).toEqual(new Date("2026-12-02T23:00:00Z"));
  });

  it("or the operator's id alone; anything else given must match too", () => {
    expect(readLookupForm({ operatorId: " 1234567890 " }, now)).toEqual({ facts: { operatorId: "1234567890" } });
    expect(readLookupForm({ operatorId: "MP230512.1234.A00001", country: "SN", phone: "77 123 45 67" }, now)).toEqual({ facts: { operatorId: "MP230512.1234.A00001", phone: "+221771234567" } });
  });

  it("anything less is incomplete, whatever it is", () => {
    for (const form of [{}, { phone: "0700000444" }, { phone: "0700000444", amount: "5000" }, { amount: "5000", day: "2026-12-03" }, { phone: "0700000444", day: "2026-12-03" }]) {
      expect(readLookupForm({ country: "CI", ...form }, now)).toEqual({ error: "incomplete" });
    }
  });

  it("names the field that cannot be read", () => {
    const base = { country: "CI", phone: "0700000444", amount: "5000", day: "2026-12-03" };
    expect(readLookupForm({ ...base, phone: "07" }, now)).toEqual({ error: "phone" });
    expect(readLookupForm({ ...base, country: "", phone: "0700000444" }, now)).toEqual({ error: "phone" });
    expect(readLookupForm({ ...base, amount: "0" }, now)).toEqual({ error: "amount" });
    expect(readLookupForm({ ...base, amount: "5000,555" }, now)).toEqual({ error: "amount" });
    expect(readLookupForm({ ...base, day: "2026-12-04" }, now)).toEqual({ error: "day" });
    expect(readLookupForm({ ...base, day: "2026-02-30" }, now)).toEqual({ error: "day" });
    expect(readLookupForm({ operatorId: "1' OR '1'='1" }, now)).toEqual({ error: "operatorId" });
    expect(readLookupForm({ operatorId: "x".repeat(65) }, now)).toEqual({ error: "operatorId" });
  });
});

describe("an amount typed against a payment", () => {
  const payment = { amountMinor: 5000n, feesMinor: 75n, currency: "XOF" };
  it("matches its price or what left the wallet, in its currency", () => {
    expect(["5000", "5 000", "5.000", "5075", "5 075"].map((typed) => amountMatches(typed, payment))).toEqual([true, true, true, true, true]);
    expect(["5001", "500", "5000,5", "50,75"].map((typed) => amountMatches(typed, payment))).toEqual([false, false, false, false]);
    expect(amountMatches("10,50", { amountMinor: 1050n, feesMinor: 0n, currency: "EUR" })).toBe(true);
  });
});
