import { decodeTime, isValid } from "ulid";
import { describe, expect, it } from "vitest";
import { randomUlid, ulid } from "./ulid";

describe("ulid", () => {
  it("makes valid ids carrying the current time, in creation order even within a millisecond", () => {
    const before = Date.now();
    const ids = Array.from({ length: 1000 }, () => ulid()); // 16,000 random bytes: several refills
    const after = Date.now();
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(isValid(id)).toBe(true);
      expect(decodeTime(id)).toBeGreaterThanOrEqual(before);
      expect(decodeTime(id)).toBeLessThanOrEqual(after);
    }
  });

  it("makes references random in full: no two consecutive ones share their random part's prefix", () => {
    const refs = Array.from({ length: 1000 }, () => randomUlid());
    expect(new Set(refs).size).toBe(refs.length);
    // A counter would keep the first 15 of the 16 random characters; random ones almost never do.
    const sequential = refs.slice(1).filter((r, i) => r.slice(10, 25) === refs[i].slice(10, 25));
    expect(sequential).toHaveLength(0);
  });

  it("spreads the random part over the whole alphabet", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) for (const c of randomUlid().slice(10)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(32);
    // 32,000 characters: about 1,000 each; a stuck or biased source would be far off.
    for (const n of counts.values()) expect(n).toBeGreaterThan(800);
  });
});
