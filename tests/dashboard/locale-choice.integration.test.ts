import { describe, expect, it, vi } from "vitest";
import { LOCALE_COOKIE } from "@/lib/core/i18n/locales";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";

// Issue 28: the dashboard and its sign-in open in the browser's language, as the checkout does,
// and the person's own choice (the switch's cookie) still wins. This is the app's next-intl request
// configuration itself (lib/core/i18n/request.ts), which every page reads, given a request's headers.

const request = vi.hoisted(() => ({ headers: new Headers(), cookie: undefined as string | undefined }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({ get: (name: string) => (name === "locale" && request.cookie ? { name, value: request.cookie } : undefined) }),
}));
// Outside Next, next-intl's server entry is its client stub: the configuration function as written.
vi.mock("next-intl/server", () => ({ getRequestConfig: (create: unknown) => create }));

async function localeFor(acceptLanguage: string | null, chosen?: string) {
  request.headers = new Headers(acceptLanguage ? { "accept-language": acceptLanguage } : {});
  request.cookie = chosen;
  const config = (await import("@/lib/core/i18n/request")).default as unknown as (params: object) => Promise<{ locale: string; messages: typeof en }>;
  const { locale, messages } = await config({ requestLocale: Promise.resolve(undefined) });
  // The page's words come from the catalog of that language.
  expect(messages.auth.signIn.title).toBe(locale === "fr" ? fr.auth.signIn.title : en.auth.signIn.title);
  return locale;
}

describe("the language of a dashboard page", () => {
  it("is the browser's: a French browser sees French, an English one English", async () => {
    expect(await localeFor("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("fr");
    expect(await localeFor("fr-CI")).toBe("fr");
    expect(await localeFor("en-US,en;q=0.9")).toBe("en");
    expect(await localeFor("de-DE,de;q=0.9,en;q=0.5,fr;q=0.4")).toBe("en");
  });

  it("is French when the browser names no language we offer", async () => {
    expect(await localeFor(null)).toBe("fr");
    expect(await localeFor("de-DE,pt;q=0.8")).toBe("fr");
  });

  it("is the person's choice when they made one, whatever the browser says", async () => {
    expect(LOCALE_COOKIE).toBe("locale");
    expect(await localeFor("fr-FR,fr;q=0.9", "en")).toBe("en");
    expect(await localeFor("en-US,en;q=0.9", "fr")).toBe("fr");
    // A cookie naming no language we offer is no choice.
    expect(await localeFor("en-US", "xx")).toBe("en");
  });
});
