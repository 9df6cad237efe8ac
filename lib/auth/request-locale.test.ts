import { describe, expect, it } from "vitest";
import { localeOfHeaders, mailLocale } from "./request-locale";

describe("the language of account mails", () => {
  it("follows the locale cookie first, then Accept-Language, else French", () => {
    expect(localeOfHeaders(new Headers({ cookie: "a=b; locale=en", "accept-language": "fr" }))).toBe("en");
    expect(localeOfHeaders(new Headers({ cookie: "locale=de", "accept-language": "en-GB,en;q=0.9" }))).toBe("en");
    expect(localeOfHeaders(new Headers())).toBe("fr");
  });

  it("reads a request's headers, and falls back to French outside any request", async () => {
    expect(await mailLocale(new Request("http://x.test", { headers: { "accept-language": "en" } }))).toBe("en");
    expect(await mailLocale(undefined)).toBe("fr");
  });
});
