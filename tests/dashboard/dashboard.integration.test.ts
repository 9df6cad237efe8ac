import { getEventOrThrow } from "@/lib/features/events/get-event-or-throw";
import { listEvents } from "@/lib/features/events/list-events";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { assertCan } from "@/lib/features/auth/member-permissions";
import { createLinkFromForm } from "@/lib/surfaces/dashboard/create-link-from-form";
import { getPaymentLinkDetail } from "@/lib/features/payments/get-payment-link-detail";
import { listPaymentLinks } from "@/lib/features/links/list-payment-links";
import { majorTextToMinor, parseListFilters } from "@/lib/core/domain/list-filters";
import { createDashboardApiKey, listApiKeys, regenerateApiKey, revokeDashboardApiKey } from "@/lib/features/api-keys/manage-api-keys";
import { listWebhookDeliveries, replayWebhookDelivery, sendTestWebhook } from "@/lib/features/webhooks/manage-webhooks";
import { paymentLinkUrl, qrPng } from "@/lib/features/checkout/payment-link-qr";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { DomainError } from "@/lib/core/errors/domain-error";
import { contractErrorOf } from "../helpers/contract-error";
import { LINK_STATUSES } from "@/lib/features/links/list-payment-links";
import { call, ORIGIN } from "../helpers/api-client";
import { newMerchant } from "../helpers/fixtures";
import { fundMerchant } from "../helpers/fund-merchant";
import { balanceOverview, csvField, ledgerStatement, listMerchantTransfers, minorText, requestTransferFromForm, statementEntries } from "@/lib/features/transfers/balance-and-transfers";
import { analyticsReport } from "@/lib/features/analytics/analytics-report";
import { analyticsCsvFile, statementCsvFile, type CsvWords } from "@/lib/surfaces/dashboard/report-csv";
import { createTranslator } from "next-intl";
import fr from "@/messages/fr.json";
import en from "@/messages/en.json";
import { getDepositDetail } from "@/lib/features/deposits/get-deposit-detail";
import { DEPOSIT_STATUSES, listDeposits } from "@/lib/features/deposits/list-deposits";
import { readMerchantSettings, updateMerchantSettings } from "@/lib/features/merchants/update-merchant-settings";
import { findCheckoutLink } from "@/lib/features/checkout/get-checkout-link";

// The dashboard's business rules, without HTTP: every read and action is scoped by the member's
// merchant AND the chosen environment; another merchant's resource is not found (BOLA).

let a: Awaited<ReturnType<typeof newMerchant>>;
let b: Awaited<ReturnType<typeof newMerchant>>;
let aSandbox: MerchantScope;
let aLive: MerchantScope;
let bSandbox: MerchantScope;

const filters = (params: Record<string, string> = {}) => parseListFilters(params, LINK_STATUSES);

async function expectApiError(promise: Promise<unknown>, code: number, detailsMatch?: RegExp) {
  const error = await promise.then(() => null, (e: unknown) => e);
  const answered = contractErrorOf(error);
  expect(answered.code).toBe(code);
  if (detailsMatch) expect(answered.details).toMatch(detailsMatch);
}

beforeAll(async () => {
  [a, b] = [await newMerchant(), await newMerchant()];
  aSandbox = { merchantId: a.id, environment: "sandbox" };
  aLive = { merchantId: a.id, environment: "live" };
  bSandbox = { merchantId: b.id, environment: "sandbox" };
});

describe("the new payment link form", () => {
  it("creates a sandbox link through the API's rules, visible only to its merchant and environment", async () => {
    const link = await createLinkFromForm(db(), aSandbox, { amount: "150,50", currency: "EUR", description: " Cake ", customerEmail: "", expiresIn: "3600" });
    expect(link.reference).toMatch(/^LINK_TEST_/);
    expect(link.amountMinor).toBe(15050n);
    expect(link.description).toBe("Cake");
    expect(link.customerEmail).toBeNull();

    const own = await listPaymentLinks(db(), aSandbox, filters());
    expect(own.items.map((l) => l.reference)).toContain(link.reference);
    expect((await listPaymentLinks(db(), aLive, filters())).items.map((l) => l.reference)).not.toContain(link.reference);
    expect((await listPaymentLinks(db(), bSandbox, filters())).items).toHaveLength(0);

    const detail = await getPaymentLinkDetail(db(), aSandbox, link.reference, ORIGIN);
    expect(detail.link.paymentUrl).toBe(`${ORIGIN}/test/pay/${link.reference}`);
    expect(detail.timeline[0].event).toBe("payment_link.created");
    await expectApiError(getPaymentLinkDetail(db(), bSandbox, link.reference, ORIGIN), 40004);
    await expectApiError(getPaymentLinkDetail(db(), aLive, link.reference, ORIGIN), 40004);
  });

  it("answers the API's error codes, naming the field, and writes nothing", async () => {
    const before = await db().paymentLink.count({ where: { merchantId: a.id } });
    await expectApiError(createLinkFromForm(db(), aSandbox, { amount: "10.5", currency: "XOF", description: "x" }), 40010, /amount/);
    await expectApiError(createLinkFromForm(db(), aSandbox, { amount: "abc", currency: "XOF", description: "x" }), 40010, /must be a number/);
    await expectApiError(createLinkFromForm(db(), aSandbox, { amount: "5000", currency: "JPY", description: "x" }), 40015);
    await expectApiError(createLinkFromForm(db(), aSandbox, { amount: "5000", currency: "XOF", description: "" }), 40023, /description/);
    await expectApiError(createLinkFromForm(db(), aSandbox, { amount: "5000", currency: "XOF", description: "x", customerPhone: "12" }), 40014);
    await expectApiError(createLinkFromForm(db(), aLive, { amount: "5000", currency: "XOF", description: "x", expiresIn: "60" }), 40023, /expiresIn/);
    await expectApiError(createLinkFromForm(db(), aSandbox, { amount: "5000", currency: "XOF", description: "a\u0000b" }), 40023);
    expect(await db().paymentLink.count({ where: { merchantId: a.id } })).toBe(before);
  });

  it("a viewer may view but not create links, keys or payouts; a developer may not request payouts", () => {
    expect(() => assertCan({ role: "viewer" }, "view")).not.toThrow();
    for (const action of ["links:create", "keys:manage", "transfers:request", "webhooks:manage"] as const) {
      expect(() => assertCan({ role: "viewer" }, action)).toThrow(DomainError);
    }
    expect(() => assertCan({ role: "developer" }, "keys:manage")).not.toThrow();
    const refused = (() => { try { assertCan({ role: "developer" }, "transfers:request"); } catch (e) { return contractErrorOf(e); } })();
    expect([refused?.code, refused?.status, refused?.details]).toEqual([40001, 403, expect.stringContaining("developer")]);
    expect(() => assertCan({ role: "admin" }, "transfers:request")).not.toThrow();
  });
});

describe("the payment link list", () => {
  it("filters by status, amount, day range and text, and pages with a cursor", async () => {
    const m = await newMerchant();
    const scope: MerchantScope = { merchantId: m.id, environment: "sandbox" };
    const made = [];
    for (let i = 0; i < 30; i++) {
      made.push(await createLinkFromForm(db(), scope, { amount: String(1000 + i * 100), currency: "XOF", description: i === 7 ? "Blue bicycle" : `Order ${i}`, customerName: i === 9 ? "Awa Diallo" : "" }));
    }
    // 30 links, several in the same second: the cursor still gives each exactly once.
    const first = await listPaymentLinks(db(), scope, filters());
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).not.toBeNull();
    const second = await listPaymentLinks(db(), scope, filters({ cursor: first.nextCursor! }));
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((l) => l.reference)).size).toBe(30);

    expect((await listPaymentLinks(db(), scope, filters({ q: "bicycle" }))).items.map((l) => l.reference)).toEqual([made[7].reference]);
    expect((await listPaymentLinks(db(), scope, filters({ q: "awa d" }))).items.map((l) => l.reference)).toEqual([made[9].reference]);
    expect((await listPaymentLinks(db(), scope, filters({ q: made[3].reference.toLowerCase() }))).items).toHaveLength(1);
    expect((await listPaymentLinks(db(), scope, filters({ minAmount: "3500", maxAmount: "3700" }))).items.map((l) => l.reference).sort()).toEqual(
      [made[25], made[26], made[27]].map((l) => l.reference).sort(),
    );
    const today = new Date().toISOString().slice(0, 10);
    expect((await listPaymentLinks(db(), scope, filters({ from: today, to: today }))).items).toHaveLength(25);
    expect((await listPaymentLinks(db(), scope, filters({ to: "2020-01-01" }))).items).toHaveLength(0);
    expect((await listPaymentLinks(db(), scope, filters({ status: "completed" }))).items).toHaveLength(0);
    expect((await listPaymentLinks(db(), scope, filters({ status: "pending" }))).items).toHaveLength(25);
  });

  it("lists a pending link past its expiry as expired", async () => {
    const m = await newMerchant();
    const scope: MerchantScope = { merchantId: m.id, environment: "sandbox" };
    const link = await createLinkFromForm(db(), scope, { amount: "1000", currency: "XOF", description: "Soon gone", expiresIn: "5" });
    const later = new Date(link.expiresAt.getTime() + 1000);
    expect((await listPaymentLinks(db(), scope, filters({ status: "expired" }), later)).items.map((l) => [l.reference, l.status])).toEqual([[link.reference, "expired"]]);
    expect((await listPaymentLinks(db(), scope, filters({ status: "pending" }), later)).items).toHaveLength(0);
  });

  it("reads amounts as decimal text, never floats", () => {
    expect(majorTextToMinor("12.345", "EUR", "up")).toBe(1235n);
    expect(majorTextToMinor("12.345", "EUR", "down")).toBe(1234n);
    expect(majorTextToMinor("0.29", "EUR", "down")).toBe(29n);
    expect(majorTextToMinor("5000.5", "XOF", "up")).toBe(5001n);
    expect(parseListFilters({ minAmount: "1e3", status: "bogus", from: "2026-02-31x" }, LINK_STATUSES)).toEqual({
      status: undefined, from: undefined, to: undefined, minAmount: undefined, maxAmount: undefined, q: undefined, cursor: undefined,
    });
  });
});

describe("QR codes", () => {
  it("encode the link's own payment URL, for its merchant only", async () => {
    const link = await createLinkFromForm(db(), aSandbox, { amount: "2500", currency: "XOF", description: "Poster" });
    const url = await paymentLinkUrl(db(), aSandbox, link.reference, ORIGIN);
    expect(url).toBe(`${ORIGIN}/test/pay/${link.reference}`);
    // A PNG (signature), 1024 px wide (the IHDR chunk's width).
    const png = await qrPng(url);
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(png.readUInt32BE(16)).toBe(1024);
    await expectApiError(paymentLinkUrl(db(), bSandbox, link.reference, ORIGIN), 40004);
    await expectApiError(paymentLinkUrl(db(), aLive, link.reference, ORIGIN), 40004);
  });
});

describe("API keys", () => {
  it("creates a named key with chosen scopes, shown once, that authenticates in its environment only", async () => {
    const created = await createDashboardApiKey(db(), aSandbox, "owner", { name: "Shop backend", scopes: ["links:read", "links:write"] });
    expect(created.key).toMatch(/^sk_test_/);
    const stored = await db().apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.hash).not.toContain(created.key);
    expect(stored.name).toBe("Shop backend");
    expect((await call("POST", "/test/api/v4/payments/link", { key: created.key, body: { amount: 1000, currency: "XOF", description: "k" } })).status).toBe(200);
    // Lacks the scope:
    expect((await call("GET", "/test/api/v4/merchant/balance", { key: created.key })).status).toBe(403);
    expect((await listApiKeys(db(), aSandbox)).map((k) => k.id)).toContain(created.id);
    expect((await listApiKeys(db(), aLive)).map((k) => k.id)).not.toContain(created.id);
    expect((await listApiKeys(db(), bSandbox)).map((k) => k.id)).not.toContain(created.id);
    await expectApiError(createDashboardApiKey(db(), aSandbox, "owner", { name: "", scopes: ["links:read"] }), 40023, /name/);
    await expectApiError(createDashboardApiKey(db(), aSandbox, "owner", { name: "x", scopes: ["everything"] }), 40023, /scopes/);
    await expectApiError(createDashboardApiKey(db(), aSandbox, "owner", { name: "x", scopes: [] }), 40023, /scopes/);
  });

  it("regenerates with an overlap: the old key works until it ends, then 401", async () => {
    const created = await createDashboardApiKey(db(), aSandbox, "owner", { name: "Rotating", scopes: ["balance:read"] });
    const balance = (key: string) => call("GET", "/test/api/v4/merchant/balance", { key });
    expect((await balance(created.key)).status).toBe(200);
    const now = new Date();
    const fresh = await regenerateApiKey(db(), aSandbox, "owner", { keyId: created.id, overlapSeconds: 3600, now });
    expect(fresh.name).toBe("Rotating");
    expect(fresh.scopes).toEqual(["balance:read"]);
    expect((await balance(created.key)).status).toBe(200);
    expect((await balance(fresh.key)).status).toBe(200);
    // Overlap ended: move its end into the past as the clock would.
    await db().apiKey.update({ where: { id: created.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const { forgetApiKey } = await import("@/lib/core/cache/api-key-cache");
    forgetApiKey(created.id);
    const refused = await balance(created.key);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe(40002);
    expect((await balance(fresh.key)).status).toBe(200);

    const immediate = await regenerateApiKey(db(), aSandbox, "owner", { keyId: fresh.id, overlapSeconds: 0 });
    expect((await balance(fresh.key)).status).toBe(401);
    expect((await balance(immediate.key)).status).toBe(200);
    await expectApiError(regenerateApiKey(db(), aSandbox, "owner", { keyId: immediate.id, overlapSeconds: 42 }), 40023);
  });

  it("another merchant or environment cannot regenerate or revoke a key", async () => {
    const created = await createDashboardApiKey(db(), aSandbox, "owner", { name: "Mine", scopes: ["balance:read"] });
    await expectApiError(regenerateApiKey(db(), bSandbox, "owner", { keyId: created.id, overlapSeconds: 0 }), 40004);
    await expectApiError(regenerateApiKey(db(), aLive, "owner", { keyId: created.id, overlapSeconds: 0 }), 40004);
    await expectApiError(revokeDashboardApiKey(db(), bSandbox, "owner", created.id), 40004);
    expect((await call("GET", "/test/api/v4/merchant/balance", { key: created.key })).status).toBe(200);
    await revokeDashboardApiKey(db(), aSandbox, "owner", created.id);
    expect((await call("GET", "/test/api/v4/merchant/balance", { key: created.key })).status).toBe(401);
    expect((await listApiKeys(db(), aSandbox)).map((k) => k.id)).not.toContain(created.id);
  });
});

describe("webhooks", () => {
  it("a test event is logged in its environment only, and replay is scoped", async () => {
    await expectApiError(sendTestWebhook(db(), aSandbox, "http://example.com/hook"), 40021);
    const sent = await sendTestWebhook(db(), aSandbox, "https://hooks.example.invalid/receive");
    const log = await listWebhookDeliveries(db(), aSandbox);
    expect(log.items.map((d) => d.id)).toContain(sent.deliveryId);
    expect((await listWebhookDeliveries(db(), aLive)).items.map((d) => d.id)).not.toContain(sent.deliveryId);
    expect((await listWebhookDeliveries(db(), bSandbox)).items).toHaveLength(0);
    // A delivery check, not an event of a resource: the events API does not list or show it.
    const testEvent = await db().webhookDelivery.findUniqueOrThrow({ where: { id: sent.deliveryId } });
    expect((await listEvents(db(), { ...aSandbox, query: {} })).data.map((e) => e.id)).not.toContain(testEvent.eventId);
    await expectApiError(getEventOrThrow(db(), { ...aSandbox, id: testEvent.eventId }), 40004);

    await expectApiError(replayWebhookDelivery(db(), bSandbox, sent.deliveryId), 40004);
    await expectApiError(replayWebhookDelivery(db(), aLive, sent.deliveryId), 40004);
    // Delivered: a replay is a new delivery of the same event.
    await db().webhookDelivery.update({ where: { id: sent.deliveryId }, data: { status: "delivered", deliveredAt: new Date(), nextAttemptAt: null } });
    const replayed = await replayWebhookDelivery(db(), aSandbox, sent.deliveryId);
    expect(replayed.deliveryId).not.toBe(sent.deliveryId);
    const again = await db().webhookDelivery.findUniqueOrThrow({ where: { id: replayed.deliveryId } });
    const original = await db().webhookDelivery.findUniqueOrThrow({ where: { id: sent.deliveryId } });
    expect([again.eventId, again.url, again.status]).toEqual([original.eventId, original.url, "pending"]);
  });
});

/** The words of a CSV download, as its route gets them. */
function csvWords(locale: "fr" | "en", timeZone: string): CsvWords {
  const messages = locale === "fr" ? fr : en;
  const t = createTranslator({ locale, messages, namespace: "dashboard" }) as unknown as CsvWords["t"];
  const labels = createTranslator({ locale, messages, namespace: "labels" }) as unknown as CsvWords["labels"];
  return { t, labels, locale, timeZone };
}

async function collect(lines: AsyncGenerator<string>) {
  let text = "";
  for await (const line of lines) text += line;
  return text;
}

describe("deposits, balance, payouts and analytics", () => {
  it("are scoped by merchant and environment; the statement CSV holds the member's entries only", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const scope: MerchantScope = { merchantId: m.id, environment: "sandbox" };
    const otherScope: MerchantScope = { merchantId: other.id, environment: "sandbox" };
    const [reference] = await fundMerchant(m.sandboxKey, [20000]);

    const deposits = await listDeposits(db(), scope, parseListFilters({ status: "completed" }, DEPOSIT_STATUSES));
    expect(deposits.items.map((d) => d.reference)).toEqual([reference]);
    expect((await listDeposits(db(), otherScope, parseListFilters({}, DEPOSIT_STATUSES))).items).toHaveLength(0);
    expect((await listDeposits(db(), { ...scope, environment: "live" }, parseListFilters({}, DEPOSIT_STATUSES))).items).toHaveLength(0);
    expect((await getDepositDetail(db(), scope, reference)).deposit.status).toBe("completed");
    await expectApiError(getDepositDetail(db(), otherScope, reference), 40004);
    await expectApiError(getDepositDetail(db(), { ...scope, environment: "live" }, reference), 40004);

    const [balance] = await balanceOverview(db(), scope);
    expect(balance.currency).toBe("XOF");
    expect(balance.availableMinor).toBeGreaterThan(0n);
    expect(await balanceOverview(db(), otherScope)).toEqual([]);

    const statement = await ledgerStatement(db(), scope, parseListFilters({}, []));
    expect(statement.items.every((e) => e.merchantId === m.id && e.environment === "sandbox")).toBe(true);
    expect(statement.items.map((e) => e.reference)).toContain(reference);
    // The statement's CSV in French: the words of the page, ";" between fields, times in the merchant's zone.
    const csv = await collect(statementCsvFile(db(), scope, {}, csvWords("fr", "Africa/Douala")));
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("\uFEFFdate et heure;référence;nature;compte;devise;montant;écriture");
    // Read in batches of 2: every entry once, oldest first.
    const read: Date[] = [];
    for await (const e of statementEntries(db(), scope, {}, 2)) read.push(e.createdAt);
    expect(read).toHaveLength(lines.length - 1);
    expect([...read].sort((a, b) => a.getTime() - b.getTime())).toEqual(read);
    expect(lines).toHaveLength(1 + (await db().ledgerEntry.count({ where: { merchantId: m.id, environment: "sandbox", account: { in: ["merchant_available", "merchant_in_flight"] } } })));
    expect(lines.slice(1).every((line) => line.includes(";XOF;"))).toBe(true);
    const paid = lines.find((line) => line.includes(reference))!;
    expect(paid).toContain(";Disponible;");
    const entry = (await db().ledgerEntry.findFirst({ where: { merchantId: m.id, reference, account: "merchant_available" } }))!;
    const douala = new Date(entry.createdAt.getTime() + 3600_000).toISOString().slice(0, 19).replace("T", " ");
    expect(paid.startsWith(`${douala};`)).toBe(true);
    expect(await collect(statementCsvFile(db(), otherScope, {}, csvWords("en", "UTC")))).toBe("\uFEFFdate and time (UTC),reference,kind,account,currency,amount,entry\r\n");

    const report = await analyticsReport(db(), scope, {});
    expect(report.currencies.map((c) => c.currency)).toEqual(["XOF"]);
    expect(report.currencies[0].deposits.byStatus.completed.count).toBe(1);
    expect((await analyticsReport(db(), otherScope, {})).currencies).toEqual([]);
    const analytics = await collect(analyticsCsvFile(db(), scope, {}, csvWords("fr", "Africa/Douala")));
    expect(analytics.split("\r\n")[0]).toBe("\uFEFFrubrique;devise;jour ou opérateur;créés;payés;montant payé;frais perçus");
    expect(analytics).toContain(";20000;");
    expect(analytics).toMatch(/\r\nopérateur;XOF;[^;\r\n_]+;/);
    await expectApiError(analyticsReport(db(), scope, { from: "2026-01-10", to: "2026-01-01" }), 40023);
  });

  it("a withdrawal from the form meets the API's rules; too much is 40013 and writes nothing", async () => {
    const m = await newMerchant();
    const scope: MerchantScope = { merchantId: m.id, environment: "sandbox" };
    await fundMerchant(m.sandboxKey, [20000]);
    const form = { amount: "1000", currency: "XOF", gatewayName: "MTN_MOMO_CI", country: "CI", beneficiaryPhone: "+2250700000555" };
    const transfer = await requestTransferFromForm(db(), scope, form);
    expect(transfer.reference).toMatch(/^TRF_TEST_/);
    expect((await listMerchantTransfers(db(), scope)).items.map((t) => t.reference)).toEqual([transfer.reference]);
    expect((await listMerchantTransfers(db(), { ...scope, environment: "live" })).items).toEqual([]);
    expect((await listMerchantTransfers(db(), aSandbox)).items).toEqual([]);

    await expectApiError(requestTransferFromForm(db(), scope, { ...form, amount: "99999999" }), 40013);
    await expectApiError(requestTransferFromForm(db(), scope, { ...form, amount: "10.5" }), 40010);
    await expectApiError(requestTransferFromForm(db(), scope, { ...form, beneficiaryPhone: "" }), 40014);
    // Another merchant's balance is not this one's: merchant B has nothing to pay out.
    await expectApiError(requestTransferFromForm(db(), bSandbox, form), 40013);
    expect(await db().transfer.count({ where: { merchantId: m.id } })).toBe(1);
  });

  it("writes CSV fields safely and amounts exactly", () => {
    expect(csvField('say "hi", then')).toBe('"say ""hi"", then"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("-1050")).toBe("-1050");
    expect(minorText(-1050n, "EUR")).toBe("-10.50");
    expect(minorText(5n, "EUR")).toBe("0.05");
    expect(minorText(20000n, "XOF")).toBe("20000");
  });
});

describe("settings", () => {
  // The smallest valid PNG header is enough for the signature check: 1x1 transparent pixel.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

  it("saves the business name, logo and support contacts the checkout shows; only for the member's merchant", async () => {
    const m = await newMerchant();
    const scope: MerchantScope = { merchantId: m.id, environment: "sandbox" };
    await updateMerchantSettings(db(), scope, { name: " Chez Awa ", supportPhone: "+2250700000999", supportEmail: "help@awa.example", defaultLanguage: "en", logo: new Uint8Array(png) });
    const saved = await readMerchantSettings(db(), scope);
    expect(saved).toMatchObject({ name: "Chez Awa", supportPhone: "+2250700000999", supportEmail: "help@awa.example", defaultLanguage: "en" });
    expect(saved.logoDataUrl).toBe(`data:image/png;base64,${png.toString("base64")}`);
    // The same merchant in live: settings are per merchant, not per environment.
    expect((await readMerchantSettings(db(), { ...scope, environment: "live" })).name).toBe("Chez Awa");
    expect((await readMerchantSettings(db(), bSandbox)).name).not.toBe("Chez Awa");

    const link = await createLinkFromForm(db(), scope, { amount: "1000", currency: "XOF", description: "Tea" });
    const checkout = await findCheckoutLink(db(), link.reference, "sandbox");
    expect(checkout?.merchant).toMatchObject({ name: "Chez Awa", supportPhone: "+2250700000999", supportEmail: "help@awa.example", logoDataUrl: saved.logoDataUrl });

    // No new file keeps the logo; removeLogo drops it; empty contacts clear them.
    await updateMerchantSettings(db(), scope, { name: "Chez Awa" });
    expect((await readMerchantSettings(db(), scope)).logoDataUrl).toBe(saved.logoDataUrl);
    await updateMerchantSettings(db(), scope, { name: "Chez Awa", removeLogo: true });
    expect(await readMerchantSettings(db(), scope)).toMatchObject({ logoDataUrl: null, supportPhone: null, supportEmail: null });
  });

  it("refuses bad values with the API's codes and writes nothing", async () => {
    const m = await newMerchant("Before");
    const scope: MerchantScope = { merchantId: m.id, environment: "sandbox" };
    await expectApiError(updateMerchantSettings(db(), scope, { name: "" }), 40023, /name/);
    await expectApiError(updateMerchantSettings(db(), scope, { name: "X", supportPhone: "0700" }), 40023, /supportPhone/);
    await expectApiError(updateMerchantSettings(db(), scope, { name: "X", supportEmail: "nope" }), 40023, /supportEmail/);
    await expectApiError(updateMerchantSettings(db(), scope, { name: "X", defaultLanguage: "de" }), 40023, /defaultLanguage/);
    await expectApiError(updateMerchantSettings(db(), scope, { name: "X", logo: new TextEncoder().encode("<svg onload=alert(1)>") }), 40023, /PNG, JPEG or WebP/);
    await expectApiError(updateMerchantSettings(db(), scope, { name: "X", logo: new Uint8Array(200 * 1024).fill(0x89) }), 40023, /100 KB/);
    expect((await readMerchantSettings(db(), scope)).name).toBe("Before");
  });
});
