import { describe, expect, it } from "vitest";
import { retryAtWords } from "./retry-at";

describe("retryAtWords", () => {
  const now = new Date("2026-12-01T14:21:30Z");

  it("says a UTC time rounded up to the minute, and the whole minutes until it", () => {
    expect(retryAtWords(new Date("2026-12-01T14:31:05Z"), now, "en")).toEqual({ time: "14:32 UTC", minutes: 11 });
    expect(retryAtWords(new Date("2026-12-01T14:31:00Z"), now, "fr")).toEqual({ time: "14:31 UTC", minutes: 10 });
  });

  it("never says less than a minute", () => {
    expect(retryAtWords(new Date("2026-12-01T14:21:40Z"), now, "en")).toEqual({ time: "14:22 UTC", minutes: 1 });
    expect(retryAtWords(now, now, "en").minutes).toBe(1);
  });
});
