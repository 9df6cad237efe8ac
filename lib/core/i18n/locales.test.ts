import { describe, expect, it } from "vitest";
import { matchLocale, negotiateLocale } from "./locales";

describe("negotiateLocale", () => {
  it.each([
    ["fr-FR,fr;q=0.9,en;q=0.8", "fr"],
    ["en-US,en;q=0.9", "en"],
    ["de-DE,en;q=0.5", "en"],
    ["en;q=0.2,fr;q=0.9", "fr"],
    ["wo-SN", "fr"],
    ["", "fr"],
    ["en;q=0", "fr"],
  ])("%s -> %s", (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
});

describe("matchLocale", () => {
  it("is null when the browser names no language we offer, so the merchant's default can apply", () => {
    expect(matchLocale("wo-SN,de;q=0.8")).toBeNull();
    expect(matchLocale(null)).toBeNull();
    expect(matchLocale("de,en;q=0.1")).toBe("en");
  });
});
