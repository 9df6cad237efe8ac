import { describe, expect, it } from "vitest";
import { knownLocaleOfHeaders, localeOfHeaders, mailLocale } from "./request-locale";

describe("the language of account mails", () => {
  it("follows the locale cookie first, then Accept-Language, else French", () => {
    expect(localeOfHeaders(new Headers({ cookie: "a=b; locale=en", "accept-language": "fr" }))).toBe("en");
    expect(localeOfHeaders(new Headers({ cookie: "locale=de", "accept-language": "en-GB,en;q=0.9" }))).toBe("en");
    expect(localeOfHeaders(new Headers())).toBe("fr");
    expect(knownLocaleOfHeaders(new Headers({ "accept-language": "de" }))).toBeNull();
  });

  it("reads a request's headers first", async () => {
    expect(await mailLocale(new Headers({ "accept-language": "en" }), async () => "fr")).toBe("en");
  });

  it("outside any request, or when the request names no language we offer, takes the data's language", async () => {
    expect(await mailLocale(undefined, async () => "en")).toBe("en");
    expect(await mailLocale(new Headers({ "accept-language": "de" }), async () => "en")).toBe("en");
  });

  it("falls back to the platform default only when the data names no language we offer either", async () => {
    expect(await mailLocale(undefined)).toBe("fr");
    expect(await mailLocale(undefined, async () => null)).toBe("fr");
    expect(await mailLocale(undefined, async () => "de")).toBe("fr");
  });
});
