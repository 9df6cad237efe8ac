import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { merchantCheckoutLanguage } from "@/lib/core/i18n/merchant-checkout-language";
import { resolvePageAddress } from "@/lib/features/payment-pages/find-customer-page";
import { readPageQuery } from "@/lib/surfaces/checkout/page-form";
import { isNoncePage } from "@/lib/surfaces/http/security-headers";
import { call, dispatch, ORIGIN } from "../helpers/api-client";
import { newMerchant } from "../helpers/fixtures";

// Issue 36 part 2: "Pay" on the customer's page (/p/{reference}) is a plain form posted to
// /p/{reference}/pay, which works without JavaScript: 303 to the new link's checkout, or back to
// the page with the error and the amount typed. Over HTTP, through the app's route file.

let merchant: Awaited<ReturnType<typeof newMerchant>>;
let addressCounter = 0;
/** A client address per post, so the per-address limit is tested only where meant. */
const address = () => `203.0.113.${++addressCounter % 250}`;

beforeAll(async () => {
  merchant = await newMerchant();
});

async function newPage(body: Record<string, unknown>, environment: "sandbox" | "live" = "sandbox") {
  const res = await call("POST", `${environment === "sandbox" ? "/test" : ""}/api/v4/payments/page`, {
    key: environment === "sandbox" ? merchant.sandboxKey : merchant.liveKey,
    body: { description: "Boutique Awa", currency: "XOF", ...body },
  });
  expect(res.status).toBe(200);
  return res.body.reference as string;
}

/** The page's form as a browser posts it (same origin unless told otherwise). */
async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }, from = address()) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": from, ...headers },
    body: new URLSearchParams(fields),
  });
  const response = await dispatch(request, path);
  return { status: response.status, location: response.headers.get("location") };
}

const linksOf = (reference: string) => db().paymentLink.findMany({ where: { paymentPageReference: reference }, orderBy: { createdAt: "asc" } });
const queryOf = (location: string | null) => readPageQuery(Object.fromEntries(new URL(location!).searchParams));

describe("POST /p/{reference}/pay", () => {
  it("a set price: 303 to the new link's checkout, in the page's environment", async () => {
    const sandbox = await newPage({ amount: 2500 });
    const answer = await post(`/test/p/${sandbox}/pay`, {});
    expect(answer.status).toBe(303);
    const [link] = await linksOf(sandbox);
    expect(link).toMatchObject({ amountMinor: 2500n, environment: "sandbox", status: "pending" });
    expect(answer.location).toBe(`${ORIGIN}/test/pay/${link.reference}`);

    const live = await newPage({ amount: 1000 }, "live");
    const liveAnswer = await post(`/p/${live}/pay`, { amount: "99999" });
    const [liveLink] = await linksOf(live);
    expect(liveLink).toMatchObject({ amountMinor: 1000n, environment: "live" });
    expect(liveAnswer).toEqual({ status: 303, location: `${ORIGIN}/pay/${liveLink.reference}` });
  });

  it.each([
    ["2 500", 2500n],
    ["2.500", 2500n],
    ["2500", 2500n],
    ["2\u202f500", 2500n],
  ])("the customer chooses: %j is %s", async (typed, minor) => {
    const reference = await newPage({ minAmount: 500, maxAmount: 50000 });
    const answer = await post(`/test/p/${reference}/pay`, { amount: typed });
    const [link] = await linksOf(reference);
    expect(link.amountMinor).toBe(minor);
    expect(answer).toEqual({ status: 303, location: `${ORIGIN}/test/pay/${link.reference}` });
  });

  it("an amount out of range or not a number: back to the page with the error and what was typed; nothing made", async () => {
    const reference = await newPage({ minAmount: 500, maxAmount: 50000 });
    const page = `${ORIGIN}/test/p/${reference}`;
    for (const [typed, error] of [["100", "outOfRange"], ["60 000", "outOfRange"], ["deux mille", "notANumber"], ["", "empty"], ["2500,5", "tooManyDecimals"]] as const) {
      const answer = await post(`/test/p/${reference}/pay`, { amount: typed });
      expect(answer.status).toBe(303);
      expect(answer.location!.startsWith(`${page}?`)).toBe(true);
      expect(queryOf(answer.location)).toEqual({ error, amount: typed, until: null });
    }
    // No field at all is an empty one.
    expect(queryOf((await post(`/test/p/${reference}/pay`, {})).location)).toEqual({ error: "empty", amount: "", until: null });
    expect(await linksOf(reference)).toHaveLength(0);
  });

  it("a closed page (inactive, expired, exhausted): back to the page, which says why; nothing made", async () => {
    const inactive = await newPage({ amount: 2500 });
    expect((await call("POST", `/test/api/v4/payments/page/${inactive}/deactivate`, { key: merchant.sandboxKey })).status).toBe(200);
    const expired = await newPage({ amount: 2500 });
    await db().paymentPage.update({ where: { reference: expired }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const exhausted = await newPage({ amount: 2500, maxPayments: 1 });
    await post(`/test/p/${exhausted}/pay`, {});
    const [made] = await linksOf(exhausted);
    await db().paymentLink.update({ where: { id: made.id }, data: { status: "completed", paidByDepositId: `dep_${made.id}` } });

    for (const reference of [inactive, expired, exhausted]) {
      const before = (await linksOf(reference)).length;
      expect(await post(`/test/p/${reference}/pay`, {})).toEqual({ status: 303, location: `${ORIGIN}/test/p/${reference}` });
      expect(await linksOf(reference)).toHaveLength(before);
    }
  });

  it("a cross-site post does nothing: back to the page", async () => {
    const reference = await newPage({ amount: 2500 });
    const page = `${ORIGIN}/test/p/${reference}`;
    expect(await post(`/test/p/${reference}/pay`, {}, { origin: "https://evil.example" })).toEqual({ status: 303, location: page });
    expect(await post(`/test/p/${reference}/pay`, {}, { referer: "https://evil.example/form" })).toEqual({ status: 303, location: page });
    expect(await post(`/test/p/${reference}/pay`, {}, {})).toEqual({ status: 303, location: page });
    expect(await linksOf(reference)).toHaveLength(0);
    // An older browser sending only a Referer of ours is our own page.
    expect((await post(`/test/p/${reference}/pay`, {}, { referer: `${page}` })).location).toMatch(/\/test\/pay\/LINK_TEST_/);
  });

  it("an unknown reference, the other environment's page or a mangled one: 404", async () => {
    const live = await newPage({ amount: 2500 }, "live");
    expect((await post("/test/p/PAGE_TEST_01UNKNOWN00000000000000000/pay", {})).status).toBe(404);
    expect((await post(`/test/p/${live}/pay`, {})).status).toBe(404);
    expect((await post("/p/%00/pay", {})).status).toBe(404);
    expect(await linksOf(live)).toHaveLength(0);
  });

  it("past the address's allowance on the page: back to the page, which says so plainly and until when, with the amount typed", async () => {
    const reference = await newPage({ minAmount: 500, maxAmount: 50000 });
    const from = "192.0.2.77";
    process.env.PAGE_LINKS_PER_10_MIN_PER_IP_AND_PAGE = "4";
    try {
      for (let i = 0; i < 4; i++) await post(`/test/p/${reference}/pay`, { amount: "1000" }, { origin: ORIGIN }, from);
      const refused = await post(`/test/p/${reference}/pay`, { amount: "1 000" }, { origin: ORIGIN }, from);
      expect(refused.status).toBe(303);
      const query = queryOf(refused.location);
      expect(query).toMatchObject({ error: "tooMany", amount: "1 000" });
      // Within the allowance's 10-minute window.
      expect(query.until!.getTime() - Date.now()).toBeLessThanOrEqual(600_000 + 1000);
      expect(await linksOf(reference)).toHaveLength(4);
    } finally {
      delete process.env.PAGE_LINKS_PER_10_MIN_PER_IP_AND_PAGE;
    }
  });

  it("GET on the form's address: the page", async () => {
    const reference = await newPage({ amount: 2500 });
    const response = await dispatch(new Request(`${ORIGIN}/test/p/${reference}/pay`), `/test/p/${reference}/pay`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/test/p/${reference}`);
  });
});

describe("the page's query", () => {
  it("keeps a known error only, and a typed amount of reasonable length", () => {
    expect(readPageQuery({ error: "outOfRange", amount: "100" })).toEqual({ error: "outOfRange", amount: "100", until: null });
    expect(readPageQuery({ error: "<script>", amount: ["7", "8"] })).toEqual({ error: null, amount: "7", until: null });
    expect(readPageQuery({ amount: "9".repeat(100) }).amount).toHaveLength(40);
  });

  it("believes a wait only until a time to come, within a day", () => {
    const now = new Date("2026-12-01T14:00:00Z");
    const at = (iso: string) => String(new Date(iso).getTime() / 1000);
    expect(readPageQuery({ error: "busy", until: at("2026-12-01T14:10:00Z") }, now).until).toEqual(new Date("2026-12-01T14:10:00Z"));
    for (const until of [at("2026-12-01T13:59:00Z"), at("2026-12-02T14:00:01Z"), "1e10", "-5", "12.5", ""]) {
      expect(readPageQuery({ error: "busy", until }, now).until).toBeNull();
    }
  });
});

describe("the page's treatment by proxy.ts", () => {
  it("a nonce-carrying page like the checkout (its form's address is a route, not a page)", () => {
    expect(isNoncePage("/p/PAGE_01JD3Z8M6X5V4T3R2Q1P0N9M8K")).toBe(true);
    expect(isNoncePage("/p/PAGE_01JD3Z8M6X5V4T3R2Q1P0N9M8K/")).toBe(true);
    expect(isNoncePage("/p/PAGE_01JD3Z8M6X5V4T3R2Q1P0N9M8K/pay")).toBe(false);
    expect(isNoncePage("/p/PAGE_01JD3Z8M6X5V4T3R2Q1P0N9M8K/qr.png")).toBe(false);
  });

  it("exists only in its own environment (else the server-drawn 404)", async () => {
    const reference = await newPage({ amount: 2500 });
    expect(await resolvePageAddress(db(), reference, "sandbox")).toBe(reference);
    expect(await resolvePageAddress(db(), reference, "live")).toBeNull();
    expect(await resolvePageAddress(db(), "PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K", "sandbox")).toBeNull();
    expect(await resolvePageAddress(db(), "%00", "sandbox")).toBeNull();
  });

  it("speaks the merchant's checkout language when the browser names none we offer, as a link's checkout", async () => {
    const reference = await newPage({ amount: 2500 });
    await db().merchant.update({ where: { id: merchant.id }, data: { defaultLanguage: "en" } });
    try {
      expect(await merchantCheckoutLanguage(reference)).toBe("en");
      expect(await merchantCheckoutLanguage("PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K")).toBeNull();
    } finally {
      await db().merchant.update({ where: { id: merchant.id }, data: { defaultLanguage: null } });
    }
  });
});
