import { describe, expect, it } from "vitest";
import { countryTimeZone, localDaySpan, localToday } from "./local-day";

describe("a day as a person there means it", () => {
  it("starts at midnight UTC in Abidjan, at 23:00 UTC the day before in Douala", () => {
    expect(localDaySpan("2026-12-03", countryTimeZone("CI"))).toEqual({ start: new Date("2026-12-03T00:00:00Z"), end: new Date("2026-12-04T00:00:00Z") });
    expect(localDaySpan("2026-12-03", countryTimeZone("CM"))).toEqual({ start: new Date("2026-12-02T23:00:00Z"), end: new Date("2026-12-03T23:00:00Z") });
  });

  it("is none for text that is no calendar day", () => {
    for (const text of ["2026-02-30", "2026-13-01", "03/12/2026", "", "2026-12-3"]) expect(localDaySpan(text, "UTC")).toBeNull();
  });

  it("today in Douala is tomorrow in UTC after 23:00", () => {
    expect(localToday(countryTimeZone("CM"), new Date("2026-12-03T23:30:00Z"))).toBe("2026-12-04");
    expect(localToday(countryTimeZone("CI"), new Date("2026-12-03T23:30:00Z"))).toBe("2026-12-03");
  });
});
