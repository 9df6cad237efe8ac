import { createElement } from "react";
import { renderToReadableStream } from "react-dom/server.edge";
import { NextIntlClientProvider } from "next-intl";
import { beforeAll, describe, expect, it, vi } from "vitest";
import ChargeLookupPage from "@/app/check/page";
import { db } from "@/lib/core/db/client";
import { countryTimeZone, localToday } from "@/lib/core/domain/local-day";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { call, dispatch, ORIGIN } from "../helpers/api-client";
import { newMerchant, validDeposit, waitForSandboxAnswer } from "../helpers/fixtures";
import { browseWith, nextRequest } from "../helpers/next-request";

// Issue 51 item 4, "Ai-je été débité ?", drawn as a browser gets it, in English and in French: a
// failed debit's answer says when to act (3 days, 72 hours: the operators publish no reversal
// delay, and 72 hours is how long we follow a payment ourselves, docs/decisions.md) and shows the
// shop's phone as people write it. The look-up itself (found, limits, alerts) is
// charge-lookup.integration.test.ts's; this file mocks next/headers and next-intl's server API to
// call the page, which that file's routes must not be given.

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

const CATALOGS = { en, fr } as const;

/** The page's text as a reader gets it: the server's HTML, tags out, entities read. */
async function pageText(cookie: string, locale: "en" | "fr"): Promise<string> {
  browseWith(cookie);
  nextRequest.locale = locale;
  const page = await ChargeLookupPage({ searchParams: Promise.resolve({ answer: "1" }) });
  const stream = await renderToReadableStream(createElement(NextIntlClientProvider, { locale, messages: CATALOGS[locale], timeZone: "UTC", children: page }));
  await stream.allReady;
  const html = await new Response(stream).text();
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[ \t\r\n]+/g, " ");
}

let cookie = "";
beforeAll(async () => {
  const merchant = await newMerchant("Boutique Awa");
  await db().merchant.update({ where: { id: merchant.id }, data: { supportPhone: "+2250700000111" } });
  // The sandbox declines a number ending in 111.
  const national = `07${String(Date.now() % 1e5).padStart(5, "0")}111`;
  const res = await call("POST", "/test/api/v4/classic/deposit/initiate", { key: merchant.sandboxKey, body: { ...validDeposit, customerPhone: `+225${national}` } });
  expect(res.status).toBe(200);
  await waitForSandboxAnswer(res.body.reference);
  expect((await db().deposit.findUniqueOrThrow({ where: { reference: res.body.reference } })).status).toBe("failed");
  const fields = { intent: "lookup", country: "CI", phone: national, amount: "5000", day: localToday(countryTimeZone("CI")) };
  const answer = await dispatch(
    new Request(`${ORIGIN}/test/check/form`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "x-forwarded-for": "10.52.0.1" }, body: new URLSearchParams(fields) }),
    "/test/check/form",
  );
  expect(answer.status).toBe(303);
  cookie = answer.headers.getSetCookie()[0]!.split(";")[0];
});

describe("the answer to 'was I charged?' for a failed payment", () => {
  it("in English: the page in English, when to act on a debit not given back, the shop's phone grouped", async () => {
    const text = await pageText(cookie, "en");
    expect(text).toContain(en.chargeLookup.title);
    expect(text).toContain(en.chargeLookup.status.failed);
    expect(text).toContain(en.chargeLookup.next.failed.replaceAll("{merchant}", "Boutique Awa"));
    expect(text).toContain("3 days (72 hours) after the payment");
    expect(text).toContain(en.chargeLookup.contact.title.replace("{merchant}", "Boutique Awa"));
    expect(text).toContain("+225 07 00 00 01 11");
    expect(text).not.toContain("+2250700000111");
    expect(text).not.toContain(fr.chargeLookup.title);
  });

  it("in French: the same time frame and the same phone", async () => {
    const text = await pageText(cookie, "fr");
    expect(text).toContain(fr.chargeLookup.title);
    expect(text).toContain(fr.chargeLookup.next.failed.replaceAll("{merchant}", "Boutique Awa"));
    expect(text).toContain("3 jours (72 heures) après le paiement");
    expect(text).toContain("+225 07 00 00 01 11");
    expect(text).not.toContain("+2250700000111");
  });
});
