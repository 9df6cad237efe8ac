import { describe, expect, it } from "vitest";
import { languageRegions, preselectCountry } from "./preselect-country";

const available = ["BJ", "CI", "SN", "CM"];

describe("languageRegions", () => {
  it.each([
    ["fr-CI", ["CI"]],
    ["fr-ci,fr;q=0.9", ["CI"]],
    ["en;q=0.5,fr-SN;q=0.9,fr-CI", ["CI", "SN"]],
    ["zh-Hant-TW", ["TW"]],
    ["fr_CM", ["CM"]],
    ["fr-SN;q=0,en", []],
    ["fr, en", []],
    ["", []],
    ["***,!!-?", []],
  ])("%s -> %j", (header, regions) => {
    expect(languageRegions(header)).toEqual(regions);
  });
});

describe("preselectCountry", () => {
  it("takes the customer's locale region first", () => {
    expect(preselectCountry({ available, acceptLanguage: "fr-CI,fr;q=0.9", customerPhone: "+237600000000" })).toBe("CI");
  });

  it("skips a region the page does not offer, then the next preferred one", () => {
    expect(preselectCountry({ available, acceptLanguage: "fr-FR,fr-SN;q=0.8", customerPhone: null })).toBe("SN");
  });

  it("falls back to the merchant's country, when the page offers it", () => {
    expect(preselectCountry({ available, acceptLanguage: "en-US", merchantCountry: "CM", customerPhone: "+2210700000444" })).toBe("CM");
    expect(preselectCountry({ available, acceptLanguage: "fr-CI", merchantCountry: "CM" })).toBe("CI");
    expect(preselectCountry({ available: ["BJ", "SN"], acceptLanguage: null, merchantCountry: "CM", customerPhone: "+2210700000444" })).toBe("SN");
  });

  it("then to the country of the phone the merchant gave for the customer", () => {
    expect(preselectCountry({ available, acceptLanguage: "fr", customerPhone: "+2210700000444" })).toBe("SN");
    expect(preselectCountry({ available, acceptLanguage: "fr-FR", customerPhone: "+2370700000444" })).toBe("CM");
    expect(preselectCountry({ available: ["BJ", "SN"], acceptLanguage: null, customerPhone: "+2250700000444" })).toBe("BJ");
  });

  it("else the first listed, and nothing when nothing is listed", () => {
    expect(preselectCountry({ available, acceptLanguage: "en-US", customerPhone: "+33600000000" })).toBe("BJ");
    expect(preselectCountry({ available: [], acceptLanguage: "fr-CI" })).toBe("");
  });
});
