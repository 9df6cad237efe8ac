import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { db } from "@/lib/db/client";
import { transitionDeposit } from "@/lib/deposits/transition-deposit";
import { formatWholeSeconds } from "@/lib/domain/time";
import { rotateWebhookSecret } from "@/lib/merchants/rotate-webhook-secret";
import { call } from "./helpers/api-client";
import { newMerchant } from "./helpers/fixtures";
import { eventsFor, headersOf, newDepositWithCallback, newLinkAttempt, newLinkWithCallback, workUntil } from "./helpers/webhook-fixtures";
import { startReceiver, type Receiver } from "./helpers/webhook-receiver";

// Webhooks end to end: a state change writes the outbox row, the due work delivers it to a real
// HTTPS receiver, signed per Standard Webhooks with the merchant's secret.
process.env.WEBHOOK_ALLOWED_PRIVATE_HOSTS = "127.0.0.1";
process.env.WEBHOOK_RETRY_SCHEDULE_MS = "50,50,50";

const WHOLE_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const FRACTIONAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{1,9}$/;
const LINK_FIELDS = ["event", "reference", "status", "amount", "currency", "fees", "gatewayName", "customerEmail", "completedAt", "metadata"];

let merchant: Awaited<ReturnType<typeof newMerchant>>;
let receiver: Receiver;

beforeAll(async () => {
  merchant = await newMerchant();
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

/** The one webhook the receiver got for a reference, its signature checked with the merchant's secret. */
function receivedFor(reference: string, secret = merchant.webhookSecret) {
  const matching = receiver.received.filter((r) => JSON.parse(r.body).reference === reference);
  expect(matching).toHaveLength(1);
  const [request] = matching;
  const verified = new Webhook(secret).verify(request.body, headersOf(request.headers));
  expect(request.headers["webhook-id"]).toMatch(/^msg_[0-9A-Z]{26}$/);
  return { request, payload: verified as Record<string, unknown> };
}

const deliveredFor = async (reference: string) => (await eventsFor(reference)).some((e) => e.deliveries.every((d) => d.status === "delivered"));

describe("payment link webhooks", () => {
  it("sends payment_link.completed with the spec's fields when an attempt completes the link", async () => {
    const link = await newLinkWithCallback(merchant, receiver.url());
    const attempt = await newLinkAttempt(merchant, link.id);
    await transitionDeposit(db(), { id: attempt.id, to: "completed" });
    await workUntil(() => deliveredFor(link.reference));

    const row = await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } });
    const { payload, request } = receivedFor(link.reference);
    expect(Object.keys(payload)).toEqual(LINK_FIELDS);
    expect(payload).toEqual({
      event: "payment_link.completed",
      reference: link.reference,
      status: "completed",
      amount: 5000,
      currency: "XOF",
      fees: 75,
      gatewayName: "MTN_MOMO_CI",
      customerEmail: "awa@example.com",
      completedAt: formatWholeSeconds(row.completedAt!),
      metadata: { orderId: "A-1", vip: true },
    });
    expect(payload.completedAt).toMatch(WHOLE_SECONDS);
    expect(request.headers["content-type"]).toBe("application/json");
    // The attempt deposit has no callbackUrl: the link's webhook is the only one.
    expect(await eventsFor(attempt.reference)).toHaveLength(0);
    const [event] = await eventsFor(link.reference);
    expect(event.id).toBe(request.headers["webhook-id"]);
    expect(event.deliveries[0].attempts).toMatchObject([{ number: 1, httpStatus: 200, succeeded: true, responseExcerpt: "thanks", error: null }]);
  });

  it("sends payment_link.failed when the attempt fails", async () => {
    const link = await newLinkWithCallback(merchant, receiver.url(), { amount: 119.99, currency: "EUR", customerEmail: undefined });
    const attempt = await newLinkAttempt(merchant, link.id);
    await db().deposit.update({ where: { id: attempt.id }, data: { gatewayName: "CARD", feesMinor: 85n, currency: "EUR" } });
    await transitionDeposit(db(), { id: attempt.id, to: "failed", failureReason: "declined_by_customer" });
    await workUntil(() => deliveredFor(link.reference));
    expect(receivedFor(link.reference).payload).toEqual({
      event: "payment_link.failed",
      reference: link.reference,
      status: "failed",
      amount: 119.99,
      currency: "EUR",
      fees: 0.85,
      gatewayName: "CARD",
      customerEmail: null,
      completedAt: null,
      metadata: { orderId: "A-1", vip: true },
    });
  });

  it("sends payment_link.expired once the link is past expiresAt, and reads say expired before and after", async () => {
    const link = await newLinkWithCallback(merchant, receiver.url(), { expiresIn: 5, metadata: undefined });
    const expiresAt = new Date(Date.now() - 1000);
    await db().paymentLink.update({ where: { id: link.id }, data: { expiresAt } });
    const read = () => call("GET", `/test/api/v4/payments/link/${link.reference}`, { key: merchant.sandboxKey });
    expect((await read()).body.status).toBe("expired"); // exact at the second, job or no job
    expect((await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).status).toBe("pending");

    await workUntil(() => deliveredFor(link.reference));
    const row = await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(row).toMatchObject({ status: "expired", expiredAt: expiresAt });
    expect((await read()).body.status).toBe("expired");
    expect(receivedFor(link.reference).payload).toEqual({
      event: "payment_link.expired",
      reference: link.reference,
      status: "expired",
      amount: 5000,
      currency: "XOF",
      fees: null,
      gatewayName: null,
      customerEmail: "awa@example.com",
      completedAt: null,
      metadata: null,
    });
  });

  it("records nothing for a link without callbackUrl, and one event however many transitions race", async () => {
    const quiet = await newLinkWithCallback(merchant, receiver.url(), { callbackUrl: undefined });
    const quietAttempt = await newLinkAttempt(merchant, quiet.id);
    await transitionDeposit(db(), { id: quietAttempt.id, to: "completed" });
    expect(await eventsFor(quiet.reference)).toHaveLength(0);

    const link = await newLinkWithCallback(merchant, receiver.url());
    const attempts = [await newLinkAttempt(merchant, link.id), await newLinkAttempt(merchant, link.id)];
    await Promise.all(attempts.map((a, i) => transitionDeposit(db(), { id: a.id, to: i ? "failed" : "completed", failureReason: "x" })));
    const events = await eventsFor(link.reference);
    expect(events).toHaveLength(1);
    expect(events[0].type).toBe(`payment_link.${(await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).status}`);
  });

  it("writes the event in the transaction of the change: a rollback leaves neither", async () => {
    const link = await newLinkWithCallback(merchant, receiver.url());
    const attempt = await newLinkAttempt(merchant, link.id);
    await expect(
      db().$transaction(async (tx) => {
        await transitionDeposit(tx, { id: attempt.id, to: "completed" });
        expect(await tx.webhookEvent.count({ where: { reference: link.reference } })).toBe(1);
        throw new Error("crash before commit");
      }),
    ).rejects.toThrow("crash before commit");
    expect(await eventsFor(link.reference)).toHaveLength(0);
    expect((await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).status).toBe("pending");
  });
});

describe("deposit webhooks", () => {
  const depositFields = (deposit: { reference: string }, extra: Record<string, unknown>) => ({
    reference: deposit.reference,
    invoiceReference: null,
    amount: 5000,
    currency: "XOF",
    fees: 75,
    gatewayName: "MTN_MOMO_CI",
    paymentType: "DIRECT",
    customerEmail: null,
    failureReason: null,
    completedAt: null,
    metadata: { orderId: "D-1" },
    ...extra,
  });

  it("sends deposit.completed when the phone approves", async () => {
    const deposit = await newDepositWithCallback(merchant, receiver.url());
    await workUntil(() => deliveredFor(deposit.reference));
    const row = await db().deposit.findUniqueOrThrow({ where: { id: deposit.id } });
    const { payload } = receivedFor(deposit.reference);
    expect(payload).toEqual({
      event: "deposit.completed",
      status: "completed",
      customerPhone: "+2250700000444",
      ...depositFields(deposit, { completedAt: row.completedAt!.toISOString().slice(0, 23) }),
    });
    expect(payload.completedAt).toMatch(FRACTIONAL);
    expect(Object.keys(payload)[0]).toBe("event");
  });

  it("sends deposit.failed with the reason when the phone declines", async () => {
    const deposit = await newDepositWithCallback(merchant, receiver.url(), { customerPhone: "+2250700000111" });
    await workUntil(() => deliveredFor(deposit.reference));
    expect(receivedFor(deposit.reference).payload).toEqual({
      event: "deposit.failed",
      status: "failed",
      customerPhone: "+2250700000111",
      ...depositFields(deposit, { failureReason: "declined_by_customer" }),
    });
  });

  it("sends deposit.expired when a prompt is never answered", async () => {
    const deposit = await newDepositWithCallback(merchant, receiver.url(), { customerPhone: "+2250700000222", customerEmail: "kofi@example.com" });
    await db().deposit.update({ where: { id: deposit.id }, data: { expiresAt: new Date(Date.now() - 10) } });
    await workUntil(() => deliveredFor(deposit.reference));
    expect(receivedFor(deposit.reference).payload).toEqual({
      event: "deposit.expired",
      status: "expired",
      customerPhone: "+2250700000222",
      ...depositFields(deposit, { customerEmail: "kofi@example.com" }),
    });
  });

  it("names the validated reference and the invoice of a confirmed OTP deposit", async () => {
    const inv = await call("POST", "/test/api/v4/validation/deposit/generate-invoice", {
      key: merchant.sandboxKey,
      body: { amount: 5000, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "ORANGE_MONEY_CI", callbackUrl: receiver.url() },
    });
    const confirmed = await call("POST", "/test/api/v4/validation/deposit/confirm", {
      key: merchant.sandboxKey,
      body: { trxReference: inv.body.reference, otp: "123456" },
    });
    expect(confirmed.status).toBe(200);
    await workUntil(() => deliveredFor(confirmed.body.reference));
    expect(receivedFor(confirmed.body.reference).payload).toMatchObject({
      event: "deposit.completed",
      reference: confirmed.body.reference,
      invoiceReference: inv.body.reference,
      paymentType: "OTP",
      gatewayName: "ORANGE_MONEY_CI",
      metadata: null,
    });
  });
});

describe("webhook secret rotation", () => {
  it("signs with the old and the new secret for 24 h, then with the new one only", async () => {
    const other = await newMerchant();
    const oldSecret = other.webhookSecret;
    const newSecret = await rotateWebhookSecret(db(), { merchantId: other.id });
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    const stored = await db().merchant.findUniqueOrThrow({ where: { id: other.id } });
    expect(stored.previousSecretExpiresAt!.getTime() - Date.now()).toBeGreaterThan(24 * 3600_000 - 60_000);

    const deposit = await newDepositWithCallback(other, receiver.url());
    await workUntil(() => deliveredFor(deposit.reference));
    const { request } = receivedFor(deposit.reference, newSecret);
    expect(String(request.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(() => new Webhook(oldSecret).verify(request.body, headersOf(request.headers))).not.toThrow();

    await db().merchant.update({ where: { id: other.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
    const later = await newDepositWithCallback(other, receiver.url());
    await workUntil(() => deliveredFor(later.reference));
    const after = receivedFor(later.reference, newSecret).request;
    expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(() => new Webhook(oldSecret).verify(after.body, headersOf(after.headers))).toThrow();
  });
});
