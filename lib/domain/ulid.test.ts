import { decodeTime, isValid } from "ulid";
import { describe, expect, it } from "vitest";
import { ulid } from "./ulid";

describe("ulid", () => {
  it("makes valid, distinct ids carrying the current time, past the random pool's refill", () => {
    const before = Date.now();
    const ids = Array.from({ length: 1000 }, () => ulid()); // 16,000 random bytes: several refills
    const after = Date.now();
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(isValid(id)).toBe(true);
      expect(decodeTime(id)).toBeGreaterThanOrEqual(before);
      expect(decodeTime(id)).toBeLessThanOrEqual(after);
    }
  });

  it("spreads the random part over the whole alphabet", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) for (const c of ulid().slice(10)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(32);
    // 32,000 characters: about 1,000 each; a stuck or biased source would be far off.
    for (const n of counts.values()) expect(n).toBeGreaterThan(800);
  });
});
