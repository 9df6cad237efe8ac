import { describe, expect, it } from "vitest";
import { nextOperatorCheck } from "./operator-polling";

describe("nextOperatorCheck", () => {
  const created = new Date("2026-11-23T10:00:00.000Z");
  const at = (ms: number) => new Date(created.getTime() + ms);

  it("reads at 5 s, 15 s and 1 min after creation, then every 5 minutes", () => {
    expect(nextOperatorCheck(created, created)).toEqual(at(5_000));
    expect(nextOperatorCheck(created, at(5_000))).toEqual(at(15_000));
    expect(nextOperatorCheck(created, at(15_200))).toEqual(at(60_000));
    expect(nextOperatorCheck(created, at(60_000))).toEqual(at(360_000));
    expect(nextOperatorCheck(created, at(400_000))).toEqual(at(700_000));
  });
});
