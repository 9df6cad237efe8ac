import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { formatMinor } from "@/lib/core/domain/money";
import { createMemberLogin } from "@/lib/features/auth/create-member-login";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { createMerchant } from "@/lib/features/merchants/create-merchant";
import { receiptDedupeKey, sendDueReceipts, sendLinkReceipt } from "@/lib/features/receipts/send-receipt";
import { call, ORIGIN } from "../helpers/api-client";
import { validLink } from "../helpers/fixtures";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { africasTalkingFakeEnv, startAfricasTalkingFake, type AfricasTalkingFake } from "../fakes/africastalking-fake";
import { InngestTestEngine } from "@inngest/test";
import { sendReceiptJob } from "@/lib/features/jobs/functions/send-receipt-job";
import { startLinkAttempt } from "@/lib/features/checkout/start-link-attempt";
import { newCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { receiveOperatorCallback } from "@/lib/features/deposits/receive-operator-callback";
import { mtnMomoFakeEnv } from "../fakes/start-operator-fakes";
import { startMtnMomoFake, type MtnMomoFake } from "../fakes/mtn-momo-fake";

// Issue 36 part 4: a paid link's receipt sent to its customer, when the merchant turned receipts
// on: queued in the payment's transaction (PaymentLink.receiptDueAt), sent by the due-work runner
// after the commit through link sending's core, by SMS to the phone that paid (the Africa's
// Talking fake, its delivery reports over HTTP) and by e-mail to the link's customerEmail (the
// development outbox), at most once per channel however often the runner re-runs.

const SECRET = "dlr-secret-for-receipts-0123456789";
let fake: AfricasTalkingFake;
let app: RunningServer;
let mtn: MtnMomoFake;
const saved = { ...process.env };
const LIMITS = ["LINK_SENDS_PER_HOUR_PER_RECIPIENT", "LINK_SENDS_PER_DAY_PER_MERCHANT", "SMS_SENDS_PER_DAY_PER_RECIPIENT", "SMS_SENDS_PER_DAY_PER_MERCHANT"];

beforeAll(async () => {
  fake = await startAfricasTalkingFake();
  app = await startAppServer();
  mtn = await startMtnMomoFake();
  fake.sendReportsTo(`${app.origin}/api/sms/africastalking/delivery-reports/${SECRET}`);
  Object.assign(process.env, africasTalkingFakeEnv(fake), mtnMomoFakeEnv(mtn), { MTN_MOMO_COUNTRIES: "CI", SMS_DELIVERY_REPORT_SECRET: SECRET, PAYMENT_BASE_URL: ORIGIN });
  delete process.env.SMTP_URL;
});
afterEach(() => {
  for (const name of LIMITS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});
afterAll(async () => {
  process.env = saved;
  await Promise.all([fake.close(), app.close(), mtn.close()]);
});

let phones = 0;
/** A Côte d'Ivoire mobile number no other test pays with, that the sandbox approves (no 111/222/333 ending). */
function payingPhone() {
  return `+22507${String(Date.now() % 1e6).padStart(6, "0")}${++phones % 10}5`;
}

async function shop(options: { receipts: boolean; name?: string }) {
  const merchant = await createMerchant(db(), { name: options.name ?? "Chez Awa", country: "CI" });
  await db().merchant.update({ where: { id: merchant.id }, data: { sendReceipts: options.receipts } });
  return merchant;
}

/** A sandbox link paid by `phone` on the checkout; its reference. */
async function paidLink(key: string, phone: string, extra: Record<string, unknown> = {}) {
  const created = await call("POST", "/test/api/v4/payments/link", { key, body: { ...validLink, ...extra } });
  expect(created.status).toBe(200);
  const reference = created.body.reference as string;
  const started = await call("POST", `/test/api/checkout/${reference}/attempts`, {
    body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: phone },
    headers: { "x-forwarded-for": `10.36.4.${phones % 250}` },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await expect.poll(async () => (await db().paymentLink.findUniqueOrThrow({ where: { reference } })).status).toBe("completed");
  return reference;
}

const receiptsOf = (reference: string) => db().linkSend.findMany({ where: { paymentLink: { reference }, purpose: "receipt" }, orderBy: { channel: "asc" } });
const textsTo = (phone: string) => fake.messages.filter((m) => m.to === phone);

describe("receipts off (the default)", () => {
  it("queues and sends nothing when a link is paid", async () => {
    const merchant = await createMerchant(db(), { name: "Sans reçus", country: "CI" });
    expect((await db().merchant.findUniqueOrThrow({ where: { id: merchant.id } })).sendReceipts).toBe(false);
    const phone = payingPhone();
    const reference = await paidLink(merchant.sandboxKey, phone, { customerEmail: "someone@example.com" });
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference } })).receiptDueAt).toBeNull();
    await runDueWork(db(), new Date(), { parts: { settle: false, reconcile: false, webhooks: true } });
    expect(await receiptsOf(reference)).toEqual([]);
    expect(textsTo(phone)).toEqual([]);
    expect(await db().outboxMail.count({ where: { to: "someone@example.com" } })).toBe(0);
  });
});

describe("receipts on", () => {
  it("texts the paying phone and mails the link's customerEmail the receipt's address, once, after the commit", async () => {
    const merchant = await shop({ receipts: true });
    const member = `caisse.${Date.now()}@chez-awa.example`;
    await createMemberLogin(db(), { merchant, email: member, role: "viewer" });
    const phone = payingPhone();
    const reference = await paidLink(merchant.sandboxKey, phone, { customerEmail: member.toUpperCase() });
    // Queued by the payment's transaction: a process that dies now leaves it due in the database.
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference } })).receiptDueAt).toBeInstanceOf(Date);

    await runDueWork(db(), new Date(), { parts: { settle: false, reconcile: false, webhooks: true } });
    const url = `${ORIGIN}/test/pay/${reference}/receipt`;
    const texts = textsTo(phone);
    expect(texts).toHaveLength(1);
    // In French (the platform default), marked as a test like a link send.
    expect(texts[0].message).toBe(`[TEST] Chez Awa : reçu de votre paiement de 5 000 F CFA : ${url}`);
    const mail = await db().outboxMail.findFirstOrThrow({ where: { to: member } });
    expect(mail.subject).toBe(`[TEST] Votre reçu\u202f: ${formatMinor(5000n, "XOF", "fr")} payés à Chez Awa`);
    expect(mail.text).toContain(url);
    // "Was I charged?" for a later doubt (issue 51); the SMS stays one short text.
    expect(mail.text).toContain(`${ORIGIN}/test/check`);
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference } })).receiptDueAt).toBeNull();

    // Listed with the link's sends, purpose receipt; the SMS's delivery report reaches it.
    const sends = async () => (await call("GET", `/test/api/v4/payments/link/${reference}/sends`, { key: merchant.sandboxKey })).body.data as { purpose: string; channel: string; status: string; to: string }[];
    await expect.poll(async () => (await sends()).find((s) => s.channel === "sms")?.status).toBe("delivered");
    expect(await sends()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purpose: "receipt", channel: "sms", to: phone, status: "delivered" }),
        expect.objectContaining({ purpose: "receipt", channel: "email", to: member, status: "sent" }),
      ]),
    );

    // The process died after sending, before clearing the due time: the re-run sends nothing more.
    await db().paymentLink.update({ where: { reference }, data: { receiptDueAt: new Date() } });
    const [a, b] = await Promise.all([sendDueReceipts(db(), new Date(), 100), sendLinkReceipt(db(), (await db().paymentLink.findUniqueOrThrow({ where: { reference } })).id)]);
    expect(a.sent + (b ?? 0)).toBe(0);
    await runDueWork(db(), new Date(), { parts: { settle: false, reconcile: false, webhooks: true } });
    expect(textsTo(phone)).toHaveLength(1);
    expect(await db().outboxMail.count({ where: { to: member } })).toBe(1);
    expect(await receiptsOf(reference)).toHaveLength(2);
  });

  it("sends each channel once when two runners take the same due receipt at once", async () => {
    const merchant = await shop({ receipts: true, name: "Deux caisses" });
    const phone = payingPhone();
    const reference = await paidLink(merchant.sandboxKey, phone);
    const link = await db().paymentLink.findUniqueOrThrow({ where: { reference } });
    // Not through the claim (which would keep them apart): the unique dedupeKey does.
    await Promise.all([sendLinkReceipt(db(), link.id), sendLinkReceipt(db(), link.id)]);
    expect(textsTo(phone)).toHaveLength(1);
    expect(await receiptsOf(reference)).toMatchObject([{ channel: "sms", dedupeKey: receiptDedupeKey(link.id, "sms"), requestedBy: "receipt" }]);
  });

  it("in test mode, a customerEmail outside the account's members is a failed send, not an e-mail; the text still goes", async () => {
    const merchant = await shop({ receipts: true, name: "Boutique test" });
    const stranger = `client.${Date.now()}@example.com`;
    const phone = payingPhone();
    const reference = await paidLink(merchant.sandboxKey, phone, { customerEmail: stranger });
    await sendDueReceipts(db(), new Date(), 100);
    expect(await receiptsOf(reference)).toMatchObject([
      { channel: "sms", status: expect.stringMatching(/^(sent|delivered)$/) },
      { channel: "email", status: "failed", failureReason: "test_mode_recipient", recipient: stranger },
    ]);
    expect(await db().outboxMail.count({ where: { to: stranger } })).toBe(0);
    expect(textsTo(phone)).toHaveLength(1);
  });

  it("in the merchant's checkout language when it has one (English)", async () => {
    const merchant = await shop({ receipts: true, name: "Awa's shop" });
    await db().merchant.update({ where: { id: merchant.id }, data: { defaultLanguage: "en" } });
    const phone = payingPhone();
    const reference = await paidLink(merchant.sandboxKey, phone);
    await sendDueReceipts(db(), new Date(), 100);
    expect(textsTo(phone)[0]?.message).toBe(`[TEST] Awa's shop: receipt for your payment of 5,000 F CFA: ${ORIGIN}/test/pay/${reference}/receipt`);
  });

  it("meets the daily SMS caps and the sending limits of link sends: refused, recorded failed, nothing sent", async () => {
    const merchant = await shop({ receipts: true, name: "Plafond" });
    process.env.SMS_SENDS_PER_DAY_PER_MERCHANT = "1";
    const first = payingPhone();
    const second = payingPhone();
    await sendDueReceipts(db(), new Date(), 100);
    const one = await paidLink(merchant.sandboxKey, first);
    await sendDueReceipts(db(), new Date(), 100);
    const two = await paidLink(merchant.sandboxKey, second);
    await sendDueReceipts(db(), new Date(), 100);
    expect(textsTo(first)).toHaveLength(1);
    expect(textsTo(second)).toEqual([]);
    expect(await receiptsOf(one)).toMatchObject([{ status: expect.stringMatching(/^(sent|delivered)$/) }]);
    expect(await receiptsOf(two)).toMatchObject([{ status: "failed", failureReason: "limit_reached" }]);
    // The refused one is not counted: the cap still sees one text today.
    expect(await db().linkSend.count({ where: { merchantId: merchant.id, channel: "sms", OR: [{ failureReason: null }, { failureReason: { not: "limit_reached" } }] } })).toBe(1);

    // The per-merchant daily limit on all sends (link-send-limits.ts), as a link send meets it.
    delete process.env.SMS_SENDS_PER_DAY_PER_MERCHANT;
    process.env.LINK_SENDS_PER_DAY_PER_MERCHANT = "1";
    const third = payingPhone();
    const fourth = payingPhone();
    const three = await paidLink(merchant.sandboxKey, third);
    await sendDueReceipts(db(), new Date(), 100);
    const four = await paidLink(merchant.sandboxKey, fourth);
    await sendDueReceipts(db(), new Date(), 100);
    expect(await receiptsOf(three)).toMatchObject([{ status: expect.stringMatching(/^(sent|delivered)$/) }]);
    expect(textsTo(fourth)).toEqual([]);
    expect(await receiptsOf(four)).toMatchObject([{ status: "failed", failureReason: "limit_reached" }]);
  });

  it("is not sent when the merchant turned receipts off between the payment and the runner's pass", async () => {
    const merchant = await shop({ receipts: true, name: "Change d'avis" });
    const phone = payingPhone();
    const reference = await paidLink(merchant.sandboxKey, phone);
    await db().merchant.update({ where: { id: merchant.id }, data: { sendReceipts: false } });
    await sendDueReceipts(db(), new Date(), 100);
    expect(textsTo(phone)).toEqual([]);
    expect(await receiptsOf(reference)).toEqual([]);
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference } })).receiptDueAt).toBeNull();
  });
});

describe("with Inngest", () => {
  it("send-receipt sends a due receipt at once, and a repeated event sends nothing more", async () => {
    const merchant = await shop({ receipts: true, name: "Inngest shop" });
    const phone = payingPhone();
    const reference = await paidLink(merchant.sandboxKey, phone);
    const link = await db().paymentLink.findUniqueOrThrow({ where: { reference } });
    const events = [{ name: "payment-link/receipt.due", data: { linkId: link.id } }] as const;
    const first = await new InngestTestEngine({ function: sendReceiptJob }).execute({ events: [...events] });
    expect(first.result).toEqual({ linkId: link.id, sent: 1 });
    expect(textsTo(phone)).toHaveLength(1);
    // Handled: the repeat waits for a commit that will not come (its sleeps skipped here), then stops.
    const again = await new InngestTestEngine({ function: sendReceiptJob, steps: [0, 1, 2].map((i) => ({ id: `wait-for-commit-${i}`, handler: () => null })) }).execute({ events: [...events] });
    expect(again.result).toEqual({ linkId: link.id, sent: 0 });
    expect(textsTo(phone)).toHaveLength(1);
  });
});

describe("a payment after the link's expiry", () => {
  it("has its receipt sent too: the customer paid", async () => {
    const merchant = await shop({ receipts: true, name: "En retard" });
    const created = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: { ...validLink, expiresIn: 6 } });
    const link = await db().paymentLink.findUniqueOrThrow({ where: { reference: created.body.reference } });
    const phone = payingPhone();
    // Started just before expiry, with no in-process answer timer: the phone answers after the link expired.
    await startLinkAttempt(db(), {
      reference: link.reference,
      environment: "sandbox",
      gatewayName: "MTN_MOMO_CI",
      country: "CI",
      customerPhone: phone,
      origin: ORIGIN,
      checkoutToken: newCheckoutToken(),
      now: new Date(link.expiresAt.getTime() - 200),
    });
    await runDueWork(db(), new Date(link.expiresAt.getTime() + 5_000));
    expect(await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({ status: "expired", paidAfterExpiry: true });
    await sendDueReceipts(db(), new Date(), 100);
    expect(textsTo(phone).map((m) => m.message)).toEqual([expect.stringContaining(`/test/pay/${link.reference}/receipt`)]);
  });
});

describe("receipts in production", () => {
  it("texts the payer unmarked and mails any customerEmail, once a live link is paid through MTN", async () => {
    const merchant = await shop({ receipts: true, name: "Chez Awa live" });
    const msisdn = `225070${String(Date.now() % 1e5).padStart(5, "0")}${String(++phones % 100).padStart(2, "0")}`;
    mtn.script(msisdn, { customer: "approve", callback: "none" });
    const phone = `+${msisdn}`;
    const customer = `client.${Date.now()}@example.com`;
    const created = await call("POST", "/api/v4/payments/link", { key: merchant.liveKey, body: { ...validLink, customerEmail: customer } });
    expect(created.status).toBe(200);
    const reference = created.body.reference as string;
    const started = await call("POST", `/api/checkout/${reference}/attempts`, { body: { country: "CI", gatewayName: "MTN_MOMO_CI", customerPhone: phone }, headers: { "x-forwarded-for": "10.36.4.251" } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const attempt = await db().deposit.findFirstOrThrow({ where: { paymentLink: { reference } } });
    const { read } = await receiveOperatorCallback(db(), { operator: "mtn-momo", url: new URL(`${ORIGIN}/api/operators/mtn-momo/callback?reference=${attempt.reference}`), bodyText: "" });
    await read;
    expect((await db().paymentLink.findUniqueOrThrow({ where: { reference } })).status).toBe("completed");

    await runDueWork(db(), new Date(), { parts: { settle: false, reconcile: false, webhooks: true } });
    const url = `${ORIGIN}/pay/${reference}/receipt`;
    expect(textsTo(phone).map((m) => m.message)).toEqual([`Chez Awa live : reçu de votre paiement de 5 000 F CFA : ${url}`]);
    const mail = await db().outboxMail.findFirstOrThrow({ where: { to: customer } });
    expect(mail.subject).not.toContain("[TEST]");
    expect(mail.text).toContain(url);
    expect(await receiptsOf(reference)).toMatchObject([
      { channel: "sms", environment: "live", recipient: phone },
      { channel: "email", environment: "live", status: "sent", recipient: customer },
    ]);
  });
});
