import type { ServerResponse } from "node:http";
import { PrismaClient } from "@prisma/client";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Webhook } from "standardwebhooks";
import { createAdapter } from "@/lib/core/db/adapter";
import { db, type DbClient } from "@/lib/core/db/client";
import { createDeposit } from "@/lib/features/deposits/create-deposit";
import { transitionDeposit } from "@/lib/features/deposits/transition-deposit";
import { formatWholeSeconds } from "@/lib/core/domain/time";
import { startEmbeddedRunner } from "@/lib/features/jobs/embedded-runner";
import { deliverWebhookJob } from "@/lib/features/jobs/functions/deliver-webhook-job";
import { expireDepositJob } from "@/lib/features/jobs/functions/expire-deposit-job";
import { expirePaymentLinkJob } from "@/lib/features/jobs/functions/expire-payment-link-job";
import { sweepDueWorkJob } from "@/lib/features/jobs/functions/sweep-due-work-job";
import { runDueWork, SANDBOX_TIMER_GRACE_MS } from "@/lib/features/jobs/run-due-work";
import { rotateWebhookSecret } from "@/lib/features/webhooks/rotate-webhook-secret";
import { depositWebhookSchema, paymentLinkWebhookSchema } from "@/lib/core/schemas/webhook";
import { attemptDelivery } from "@/lib/features/webhooks/attempt-delivery";
import { retryDeadDelivery } from "@/lib/features/webhooks/retry-dead-delivery";
import { webhookSettings } from "@/lib/features/webhooks/webhook-settings";
import { call } from "../helpers/api-client";
import { newMerchant, sleep, validDeposit, validLink } from "../helpers/fixtures";
import { eventsFor, headersOf, newDepositWithCallback, newLinkAttempt, newLinkWithCallback, workUntil } from "../helpers/webhook-fixtures";
import { allow, startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { expectLedgerBalanced } from "../helpers/ledger-invariant";

// Whatever the scenario, the ledger stays balanced.
afterEach(expectLedgerBalanced);

// Webhooks end to end: a state change writes the outbox row, the due work delivers it to a real
// HTTPS receiver, signed per Standard Webhooks with the merchant's secret. One file on purpose:
// a pass of due work takes every due delivery in the database, so on the shared PostgreSQL
// database two files doing passes would attempt each other's deliveries with their own settings.
// Only the receivers' exact host:port are allowed through the SSRF guard (see allow()).
process.env.WEBHOOK_ALLOWED_PRIVATE_HOSTS = "";
process.env.WEBHOOK_RETRY_SCHEDULE_MS = "50,50,50";
process.env.WEBHOOK_TIMEOUT_MS = "400";

const WHOLE_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const FRACTIONAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{1,9}$/;
const LINK_FIELDS = ["event", "reference", "status", "amount", "currency", "fees", "gatewayName", "customerEmail", "completedAt", "metadata"];

let merchant: Awaited<ReturnType<typeof newMerchant>>;
let receiver: Receiver;

beforeAll(async () => {
  merchant = await newMerchant();
  receiver = allow(await startReceiver());
});
afterAll(() => receiver.close());

/** The one webhook the receiver got for a reference, its signature checked with the merchant's secret. */
function receivedFor(reference: string, secret = merchant.webhookSecret) {
  const matching = receiver.received.filter((r) => JSON.parse(r.body).reference === reference);
  expect(matching).toHaveLength(1);
  const [request] = matching;
  const verified = new Webhook(secret).verify(request.body, headersOf(request.headers)) as Record<string, unknown>;
  expect(request.headers["webhook-id"]).toMatch(/^msg_[0-9A-Z]{26}$/);
  // What was sent is what the OpenAPI document promises, field for field.
  const schema = String(verified.event).startsWith("payment_link.") ? paymentLinkWebhookSchema : depositWebhookSchema;
  expect(schema.safeParse(verified).error).toBeUndefined();
  return { request, payload: verified };
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

  it("records the event but delivers nothing for a link without callbackUrl, and one event however many transitions race", async () => {
    const quiet = await newLinkWithCallback(merchant, receiver.url(), { callbackUrl: undefined });
    const quietAttempt = await newLinkAttempt(merchant, quiet.id);
    await transitionDeposit(db(), { id: quietAttempt.id, to: "completed" });
    // The events API lists it (GET /api/v4/events); there is nowhere to send it.
    expect((await eventsFor(quiet.reference)).map((e) => ({ type: e.type, deliveries: e.deliveries }))).toEqual([
      { type: "payment_link.completed", deliveries: [] },
    ]);

    // An approval and a decline of the same attempt, at once: one of them happens, with one event.
    // (Two attempts of a link may each move it, a failure then a success: two events, rightly.)
    const link = await newLinkWithCallback(merchant, receiver.url());
    const attempt = await newLinkAttempt(merchant, link.id);
    await Promise.all((["completed", "failed", "completed", "failed"] as const).map((to) => transitionDeposit(db(), { id: attempt.id, to, failureReason: "x" })));
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

  it("records the sandbox phone's answer from the sweep when the in-process timer was lost (restart)", async () => {
    // createDeposit alone schedules no timer: as if the process that started it had died.
    const deposit = await createDeposit(db(), {
      merchantId: merchant.id,
      environment: "sandbox",
      endpoint: "classic",
      origin: "http://pay.test",
      input: { amount: 5000, currency: "XOF", customerPhone: "+2250700000333", country: "CI", gatewayName: "MTN_MOMO_CI", callbackUrl: receiver.url() },
    });
    await sleep(Number(process.env.SANDBOX_DIRECT_ANSWER_MS) + 20);
    expect((await db().deposit.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe("pending");
    await runDueWork(db()); // not yet: its timer might still come
    expect((await db().deposit.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe("pending");
    const report = await runDueWork(db(), new Date(Date.now() + SANDBOX_TIMER_GRACE_MS));
    expect(report.depositsSettled).toBeGreaterThanOrEqual(1);
    expect(await db().deposit.findUniqueOrThrow({ where: { id: deposit.id } })).toMatchObject({ status: "failed", failureReason: "insufficient_funds" });
    await workUntil(() => deliveredFor(deposit.reference));
    expect(receivedFor(deposit.reference).payload).toMatchObject({ event: "deposit.failed", failureReason: "insufficient_funds" });
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

describe("the OpenAPI document", () => {
  it("describes every webhook with its headers and payload schema", async () => {
    const res = await call("GET", "/api/v4/openapi.json");
    expect(Object.keys(res.body.webhooks)).toEqual(["paymentLinkEvent", "depositEvent", "transferEvent", "transferBatchEvent", "refundEvent"]);
    const post = res.body.webhooks.paymentLinkEvent.post;
    // The Standard Webhooks headers, then the trace's when the service traces (issue 48), never required.
    expect(post.parameters.map((p: { name: string }) => p.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature", "traceparent", "x-trace-id"]);
    expect(post.parameters.filter((p: { required?: boolean }) => p.required).map((p: { name: string }) => p.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
    // The contract's fields, then paymentPage: only on a link made from a payment page (issue 36), never required.
    expect(Object.keys(res.body.components.schemas.PaymentLinkWebhook.properties)).toEqual([...LINK_FIELDS, "paymentPage"]);
    expect(res.body.components.schemas.PaymentLinkWebhook.required).not.toContain("paymentPage");
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
    expect(() => new Webhook(oldSecret).verify(after.body, headersOf(after.headers))).toThrow("No matching signature found");
  });
});

/** A link completed by a checkout attempt: one delivery to `url` is due. */
async function dueDelivery(url: string) {
  const link = await newLinkWithCallback(merchant, url);
  const attempt = await newLinkAttempt(merchant, link.id);
  await transitionDeposit(db(), { id: attempt.id, to: "completed" });
  const [event] = await eventsFor(link.reference);
  return { link, event, delivery: event.deliveries[0] };
}

const deliveryRow = (id: string) =>
  db().webhookDelivery.findUniqueOrThrow({ where: { id }, include: { attempts: { orderBy: { number: "asc" } } } });
const answerWith = (status: number, headers: Record<string, string> = {}) => (res: ServerResponse) =>
  res.writeHead(status, { "content-type": "text/plain", ...headers }).end(`status ${status}`);

describe("delivery faults and retries", () => {
  it("retries a receiver that fails three times: delivered once, four attempts, one webhook-id", async () => {
    const flaky = allow(await startReceiver((n, res) => answerWith(n <= 3 ? 500 : 200)(res)));
    try {
      const { delivery, event } = await dueDelivery(flaky.url());
      await workUntil(async () => (await deliveryRow(delivery.id)).status !== "pending");
      const row = await deliveryRow(delivery.id);
      expect(row).toMatchObject({ status: "delivered", attemptCount: 4, lastError: null, lockedUntil: null });
      expect(row.attempts.map((a) => [a.number, a.httpStatus, a.succeeded])).toEqual([
        [1, 500, false],
        [2, 500, false],
        [3, 500, false],
        [4, 200, true],
      ]);
      expect(row.attempts[0]).toMatchObject({ error: "HTTP 500", responseExcerpt: "status 500" });
      // Delivered when the attempt that delivered it ended, not before it started.
      const last = row.attempts[3];
      expect(row.deliveredAt!.getTime()).toBe(last.startedAt.getTime() + last.durationMs);
      // The schedule (50 ms here) is respected between attempts.
      for (let i = 1; i < 4; i++) {
        expect(row.attempts[i].startedAt.getTime() - row.attempts[i - 1].startedAt.getTime()).toBeGreaterThanOrEqual(45);
      }
      expect(flaky.received).toHaveLength(4);
      expect(new Set(flaky.received.map((r) => r.headers["webhook-id"]))).toEqual(new Set([event.id]));
      expect(new Set(flaky.received.map((r) => r.body)).size).toBe(1);
      for (const r of flaky.received) expect(() => new Webhook(merchant.webhookSecret).verify(r.body, headersOf(r.headers))).not.toThrow();
    } finally {
      await flaky.close();
    }
  });

  it("gives the receiver its whole rest when the pass's clock is behind the attempt (a busy pass)", async () => {
    const failing = allow(await startReceiver((n, res) => answerWith(500)(res)));
    try {
      const { delivery } = await dueDelivery(failing.url());
      // The pass claimed its batch two seconds ago and reaches this delivery only now.
      const passStarted = new Date(Date.now() - 2_000);
      await db().webhookDelivery.update({ where: { id: delivery.id }, data: { nextAttemptAt: new Date(passStarted.getTime() - 1_000) } });
      expect(await attemptDelivery(db(), { deliveryId: delivery.id, now: passStarted })).toMatchObject({ attempted: true, status: "pending" });
      const row = await deliveryRow(delivery.id);
      const [attempt] = row.attempts;
      const rest = webhookSettings().retryScheduleMs[0];
      expect(row.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(attempt.startedAt.getTime() + attempt.durationMs + rest);
      await db().webhookDelivery.update({ where: { id: delivery.id }, data: { status: "dead", nextAttemptAt: null } });
    } finally {
      await failing.close();
    }
  });

  it("gives up on a receiver that hangs past the timeout, and retries it", async () => {
    const hanging = allow(await startReceiver(() => {}));
    try {
      const { delivery } = await dueDelivery(hanging.url());
      const state = await attemptDelivery(db(), { deliveryId: delivery.id });
      expect(state).toMatchObject({ attempted: true, status: "pending" });
      const row = await deliveryRow(delivery.id);
      expect(row.attempts).toHaveLength(1);
      expect(row.attempts[0]).toMatchObject({ httpStatus: null, succeeded: false, error: "timeout: no answer within 400 ms" });
      expect(row.attempts[0].durationMs).toBeGreaterThanOrEqual(390);
      expect(row.attempts[0].durationMs).toBeLessThan(2000);
      expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(row.attempts[0].startedAt.getTime());
      expect(hanging.received).toHaveLength(1);
      // Park it: later passes in this file need not wait on it.
      await db().webhookDelivery.update({ where: { id: delivery.id }, data: { status: "dead", nextAttemptAt: null } });
    } finally {
      await hanging.close();
    }
  });

  it("does not follow a redirect: a 3xx is a failed attempt", async () => {
    const redirecting = allow(
      await startReceiver((_n, res, req) =>
        req.path === "/hooks" ? answerWith(307, { location: `https://${redirecting.host}/elsewhere` })(res) : answerWith(200)(res),
      ),
    );
    try {
      const { delivery } = await dueDelivery(redirecting.url());
      await workUntil(async () => (await deliveryRow(delivery.id)).status !== "pending");
      const row = await deliveryRow(delivery.id);
      expect(row.status).toBe("dead");
      expect(row.attempts).toHaveLength(4);
      expect(row.attempts[0]).toMatchObject({
        httpStatus: 307,
        succeeded: false,
        error: `redirect not followed: HTTP 307 to https://${redirecting.host}/elsewhere`,
      });
      expect(redirecting.received.map((r) => r.path)).toEqual(["/hooks", "/hooks", "/hooks", "/hooks"]);
    } finally {
      await redirecting.close();
    }
  });

  it("records a receiver that is down, dead-letters it after the schedule, and lets staff retry it", async () => {
    const down = allow(await startReceiver());
    await down.close(); // the port is now closed: connection refused
    const { delivery } = await dueDelivery(down.url());
    await workUntil(async () => (await deliveryRow(delivery.id)).status !== "pending");
    const dead = await deliveryRow(delivery.id);
    expect(dead).toMatchObject({ status: "dead", attemptCount: 4, nextAttemptAt: null });
    expect(dead.deadAt!.getTime()).toBe(dead.attempts[3].startedAt.getTime() + dead.attempts[3].durationMs);
    expect(dead.attempts.map((a) => a.error?.split(":")[0])).toEqual(Array(4).fill("connection refused"));
    expect(dead.attempts.every((a) => a.httpStatus === null)).toBe(true);

    // Dead letters stay put: passes do not touch them.
    await runDueWork(db());
    expect((await deliveryRow(delivery.id)).attemptCount).toBe(4);

    // Staff retry it once the merchant's endpoint is back (here: the URL pointed elsewhere).
    const back = allow(await startReceiver());
    try {
      await db().webhookDelivery.update({ where: { id: delivery.id }, data: { url: back.url() } });
      expect(await retryDeadDelivery(db(), { deliveryId: delivery.id })).toBe(true);
      expect(await retryDeadDelivery(db(), { deliveryId: delivery.id })).toBe(false); // not dead any more
      await workUntil(async () => (await deliveryRow(delivery.id)).status === "delivered");
      const row = await deliveryRow(delivery.id);
      expect(row.attempts.map((a) => a.number)).toEqual([1, 2, 3, 4, 5]);
      expect(row.attempts[4]).toMatchObject({ httpStatus: 200, succeeded: true });
      expect(back.received).toHaveLength(1);
    } finally {
      await back.close();
    }
  });

  it("carries on after a restart: a new runner resumes the schedule, nothing lost, nothing sent twice", async () => {
    const flaky = allow(await startReceiver((n, res) => answerWith(n <= 2 ? 503 : 204)(res)));
    try {
      const { delivery } = await dueDelivery(flaky.url());
      const first = startEmbeddedRunner({ client: db, intervalMs: 10 });
      await vi.waitFor(async () => expect((await deliveryRow(delivery.id)).attemptCount).toBeGreaterThanOrEqual(1), { timeout: 10_000, interval: 10 });
      await first.stop(); // the process dies: its in-memory state is gone
      const stopped = await deliveryRow(delivery.id);
      expect(stopped.status).toBe("pending");
      await sleep(150);
      expect((await deliveryRow(delivery.id)).attemptCount).toBe(stopped.attemptCount); // nobody is working

      const second = startEmbeddedRunner({ client: db, intervalMs: 10 });
      try {
        await vi.waitFor(async () => expect((await deliveryRow(delivery.id)).status).not.toBe("pending"), { timeout: 10_000, interval: 10 });
      } finally {
        await second.stop();
      }
      const row = await deliveryRow(delivery.id);
      expect(row.status).toBe("delivered");
      expect(row.attempts.map((a) => [a.number, a.httpStatus])).toEqual([
        [1, 503],
        [2, 503],
        [3, 204],
      ]);
      expect(flaky.received).toHaveLength(3);
    } finally {
      await flaky.close();
    }
  });

  it("makes an attempt again, once, when the process that claimed it died mid-attempt", async () => {
    const target = allow(await startReceiver());
    try {
      const { delivery } = await dueDelivery(target.url());
      // A runner claimed the attempt, then was killed before sending or recording anything.
      const claimedAt = new Date();
      const lease = webhookSettings().timeoutMs + 60_000;
      await db().webhookDelivery.update({
        where: { id: delivery.id },
        data: { lockedUntil: new Date(claimedAt.getTime() + lease), claimToken: "killed-runner" },
      });
      expect(await attemptDelivery(db(), { deliveryId: delivery.id })).toMatchObject({ attempted: false, status: "pending" });
      expect(target.received).toHaveLength(0);

      const afterLease = new Date(claimedAt.getTime() + lease + 1);
      const results = await Promise.all([1, 2, 3].map(() => attemptDelivery(db(), { deliveryId: delivery.id, now: afterLease })));
      expect(results.filter((r) => r.attempted)).toHaveLength(1);
      expect(target.received).toHaveLength(1);
      expect(await deliveryRow(delivery.id)).toMatchObject({ status: "delivered", attemptCount: 1, claimToken: null });
    } finally {
      await target.close();
    }
  });

  it("sends each attempt once when two app processes work the same due deliveries", async () => {
    const target = allow(await startReceiver((n, res) => setTimeout(() => answerWith(200)(res), 20)));
    // On PostgreSQL the second "process" has its own connection pool; PGlite is single-process.
    const second: { client: DbClient; close: () => Promise<void> } = process.env.DATABASE_URL
      ? (() => {
          const { adapter, close } = createAdapter();
          const client = new PrismaClient({ adapter });
          return { client, close: async () => (await client.$disconnect(), await close()) };
        })()
      : { client: db(), close: async () => {} };
    try {
      const deliveries = await Promise.all(Array.from({ length: 8 }, () => dueDelivery(target.url())));
      await Promise.all([runDueWork(db()), runDueWork(second.client), runDueWork(db()), runDueWork(second.client)]);
      await workUntil(async () => (await db().webhookDelivery.count({ where: { id: { in: deliveries.map((d) => d.delivery.id) }, status: "delivered" } })) === 8);
      // No attempt was sent twice: a webhook-id reaches the receiver at most once per recorded
      // attempt, and exactly one attempt succeeded. (On a loaded machine an attempt may time out
      // on our side, 400 ms here, before or after the receiver got it; that one is retried.)
      for (const { event, delivery } of deliveries) {
        const attempts = (await deliveryRow(delivery.id)).attempts;
        const receipts = target.received.filter((r) => r.headers["webhook-id"] === event.id).length;
        expect(receipts).toBeGreaterThanOrEqual(1);
        expect(receipts).toBeLessThanOrEqual(attempts.length);
        expect(attempts.filter((a) => a.succeeded)).toHaveLength(1);
        for (const a of attempts) if (!a.succeeded) expect(a.error).toMatch(/^timeout/);
      }
    } finally {
      await second.close();
      await target.close();
    }
  });
});

describe("SSRF guard", () => {
  let bystander: Receiver; // listens on loopback but is not allowed: must never be reached
  beforeAll(async () => {
    bystander = await startReceiver();
  });
  afterAll(() => bystander.close());

  // The file's 400 ms timeout also bounds the name lookup, which a loaded machine can make slower
  // than that (seen on PostgreSQL runs): these tests are about the guard, not the timeout.
  const patient = () => ({ ...webhookSettings(), timeoutMs: 5_000 });
  const targets: [string, () => string, RegExp, boolean][] = [
    ["loopback IPv4", () => `https://127.0.0.1:${bystander.port}/hooks`, /127\.0\.0\.1 is a loopback address/, true],
    ["a private 10.x address", () => "https://10.1.2.3/hooks", /10\.1\.2\.3 is a private address/, true],
    ["the cloud metadata address", () => "https://169.254.169.254/latest/meta-data", /169\.254\.169\.254 is a linkLocal address/, true],
    ["loopback IPv6", () => `https://[::1]:${bystander.port}/hooks`, /::1 is a loopback address/, true],
    ["IPv4-mapped loopback", () => `https://[::ffff:127.0.0.1]:${bystander.port}/hooks`, /::ffff:7f00:1 is a loopback address \(IPv4-mapped 127\.0\.0\.1\)/, true],
    ["IPv4-compatible link-local", () => "https://[::a9fe:a9fe]/latest/meta-data", /::a9fe:a9fe is a linkLocal address \(IPv4-compatible 169\.254\.169\.254\)/, true],
    ["a decimal spelling of loopback", () => `https://2130706433:${bystander.port}/hooks`, /127\.0\.0\.1 is a loopback address/, true],
    ["a hostname resolving to loopback", () => `https://localhost:${bystander.port}/hooks`, /localhost resolves to .* loopback address/, false],
  ];
  it.each(targets)("refuses %s at delivery and records it", async (_name, url, reason, permanent) => {
    // An IP literal is refused at create time now (below): this is a URL stored while it was
    // allowed (WEBHOOK_ALLOWED_PRIVATE_HOSTS changed since, or a row older than that check).
    const { delivery } = await storedWhileAllowed(url());
    const state = await attemptDelivery(db(), { deliveryId: delivery.id, settings: patient() });
    expect(state.attempted).toBe(true);
    const row = await deliveryRow(delivery.id);
    expect(row.attempts).toHaveLength(1);
    expect(row.attempts[0]).toMatchObject({ succeeded: false, httpStatus: null });
    expect(row.attempts[0].error).toMatch(/refused by the SSRF guard/);
    expect(row.attempts[0].error).toMatch(reason);
    // A URL that can never be allowed is dead at once; a name may resolve elsewhere later.
    expect(row.status).toBe(permanent ? "dead" : "pending");
    expect(bystander.received).toHaveLength(0);
  });

  async function storedWhileAllowed(url: string) {
    const before = process.env.WEBHOOK_ALLOWED_PRIVATE_HOSTS;
    process.env.WEBHOOK_ALLOWED_PRIVATE_HOSTS = [before, new URL(url).host].filter(Boolean).join(",");
    try {
      return await dueDelivery(url);
    } finally {
      process.env.WEBHOOK_ALLOWED_PRIVATE_HOSTS = before;
    }
  }

  // Every IPv6 form that embeds a private IPv4 address, as a URL spells it.
  const literals: [string, string, RegExp][] = [
    ["/test/api/v4/payments/link", "https://[::a9fe:a9fe]/hooks", /::a9fe:a9fe is a linkLocal address \(IPv4-compatible 169\.254\.169\.254\)/],
    ["/test/api/v4/payments/link", "https://[::127.0.0.1]/hooks", /::7f00:1 is a loopback address/],
    ["/test/api/v4/payments/link", "https://[::1:0:0:1]/hooks", /::1:0:0:1 is a reserved address/],
    ["/test/api/v4/payments/link", "https://[64:ff9b::a9fe:a9fe]/hooks", /NAT64 169\.254\.169\.254/],
    ["/test/api/v4/payments/link", "https://[2002:a9fe:a9fe::]/hooks", /6to4 169\.254\.169\.254/],
    ["/test/api/v4/payments/link", "https://[2001:0:4136:e378:8000:63bf:80ff:fefe]/hooks", /Teredo 127\.0\.1\.1/],
    ["/test/api/v4/payments/link", "https://2130706433/hooks", /127\.0\.0\.1 is a loopback address/],
    ["/test/api/v4/classic/deposit/initiate", "https://169.254.169.254/latest/meta-data", /169\.254\.169\.254 is a linkLocal address/],
    ["/test/api/v4/classic/deposit/initiate", "https://[::ffff:10.1.2.3]/hooks", /private address \(IPv4-mapped 10\.1\.2\.3\)/],
    ["/test/api/v4/transfers/instant", "https://10.1.2.3/hooks", /10\.1\.2\.3 is a private address/],
  ];
  const bodies: Record<string, Record<string, unknown>> = {
    "/test/api/v4/payments/link": validLink,
    "/test/api/v4/classic/deposit/initiate": validDeposit,
    "/test/api/v4/transfers/instant": { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", country: "CI" },
  };
  it.each(literals)("refuses at create time on %s a callbackUrl of %s, and creates nothing", async (path, callbackUrl, reason) => {
    const created = async () => {
      const where = { merchantId: merchant.id };
      return (await db().paymentLink.count({ where })) + (await db().deposit.count({ where })) + (await db().transfer.count({ where }));
    };
    const before = await created();
    const res = await call("POST", path, { key: merchant.sandboxKey, body: { ...bodies[path], callbackUrl } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 40021, message: "Invalid callback URL" });
    expect(res.body.error.details).toMatch(/^callbackUrl must not point to a private or reserved address: /);
    expect(res.body.error.details).toMatch(reason);
    expect(await created()).toBe(before);
  });

  it("accepts at create time a name (checked at each delivery) and a listed private host:port", async () => {
    const named = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: { ...validLink, callbackUrl: "https://localhost:9/hooks" } });
    expect(named.status).toBe(200);
    const listed = await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: { ...validLink, callbackUrl: `${receiver.url()}` } });
    expect(listed.status).toBe(200);
    const otherPort = await call("POST", "/test/api/v4/payments/link", {
      key: merchant.sandboxKey,
      body: { ...validLink, callbackUrl: `https://127.0.0.1:${receiver.port + 1}/hooks` },
    });
    expect(otherPort.body.error).toMatchObject({ code: 40021 });
  });

  it("lets a listed host:port through, and only that port", async () => {
    const listed = await startReceiver();
    try {
      const settings = { ...patient(), allowedPrivateHosts: [`localhost:${listed.port}`] };
      const good = await dueDelivery(`https://localhost:${listed.port}/hooks`);
      expect(await attemptDelivery(db(), { deliveryId: good.delivery.id, settings })).toMatchObject({ status: "delivered" });
      const otherPort = await dueDelivery(`https://localhost:${bystander.port}/hooks`);
      await attemptDelivery(db(), { deliveryId: otherPort.delivery.id, settings });
      expect((await deliveryRow(otherPort.delivery.id)).attempts[0].error).toMatch(/SSRF/);
      expect(listed.received).toHaveLength(1);
      expect(bystander.received).toHaveLength(0);
    } finally {
      await listed.close();
    }
  });
});

describe("Inngest functions", () => {
  // The test engine runs step.run bodies for real; sleeps are mocked as already elapsed. Fresh
  // arrays each time: the engine records the steps it ran into the array it was given.
  const elapsed = (...ids: string[]) => ids.map((id) => ({ id, handler: () => null }));
  const rounds = (prefix: string) => Array.from({ length: 15 }, (_, i) => `${prefix}-${i}`);
  const deliverySleeps = () => elapsed(...rounds("wait-for-retry"), ...rounds("wait-for-commit"));

  it("expire-payment-link sleeps until expiresAt, then expires the link if still pending", async () => {
    const link = await newLinkWithCallback(merchant, receiver.url(), { expiresIn: 5 });
    const expiresAt = new Date(Date.now() - 1000);
    await db().paymentLink.update({ where: { id: link.id }, data: { expiresAt } });
    const t = new InngestTestEngine({ function: expirePaymentLinkJob, steps: elapsed("wait-for-expiry") });
    const events = [{ name: "payment-link/created", data: { linkId: link.id, expiresAt: expiresAt.toISOString() } }] as const;
    const { result, ctx } = await t.execute({ events: [...events] });
    expect(result).toBe(true);
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-for-expiry", expiresAt.toISOString());
    expect(await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({ status: "expired", expiredAt: expiresAt });
    expect((await eventsFor(link.reference)).map((e) => e.type)).toEqual(["payment_link.expired"]);

    // Run again (a duplicate event, or a link paid meanwhile): nothing more happens.
    const again = new InngestTestEngine({ function: expirePaymentLinkJob, steps: elapsed("wait-for-expiry") });
    expect((await again.execute({ events: [...events] })).result).toBe(false);
    expect(await eventsFor(link.reference)).toHaveLength(1);
  });

  it("expire-payment-link leaves a link that is not yet due alone", async () => {
    const link = await newLinkWithCallback(merchant, receiver.url(), { expiresIn: 3600 });
    const t = new InngestTestEngine({ function: expirePaymentLinkJob, steps: elapsed("wait-for-expiry") });
    const { result } = await t.execute({ events: [{ name: "payment-link/created", data: { linkId: link.id, expiresAt: link.expiresAt.toISOString() } }] });
    expect(result).toBe(false);
    expect((await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).status).toBe("pending");
  });

  it("expire-deposit expires an unanswered deposit at expiresAt", async () => {
    const deposit = await newDepositWithCallback(merchant, receiver.url(), { customerPhone: "+2250700000222" });
    await db().deposit.update({ where: { id: deposit.id }, data: { expiresAt: new Date(Date.now() - 10) } });
    const t = new InngestTestEngine({ function: expireDepositJob, steps: elapsed("wait-for-expiry") });
    const { result } = await t.execute({ events: [{ name: "deposit/created", data: { depositId: deposit.id, expiresAt: deposit.expiresAt.toISOString() } }] });
    expect(result).toBe("expired");
    expect((await eventsFor(deposit.reference)).map((e) => e.type)).toEqual(["deposit.expired"]);
  });

  it("deliver-webhook attempts, sleeps until the retry is due, and stops once delivered", async () => {
    const flaky = allow(await startReceiver((n, res) => answerWith(n === 1 ? 500 : 200)(res)));
    const schedule = process.env.WEBHOOK_RETRY_SCHEDULE_MS;
    process.env.WEBHOOK_RETRY_SCHEDULE_MS = "0,0,0"; // the engine does not really sleep
    try {
      const { delivery } = await dueDelivery(flaky.url());
      const t = new InngestTestEngine({ function: deliverWebhookJob, steps: deliverySleeps() });
      const { result, ctx } = await t.execute({ events: [{ name: "webhook/delivery.due", data: { deliveryId: delivery.id } }] });
      expect(result).toEqual({ deliveryId: delivery.id, status: "delivered" });
      expect(ctx.step.sleepUntil).toHaveBeenCalledTimes(1);
      expect((await deliveryRow(delivery.id)).attempts.map((a) => a.httpStatus)).toEqual([500, 200]);
      expect(flaky.received).toHaveLength(2);
    } finally {
      process.env.WEBHOOK_RETRY_SCHEDULE_MS = schedule;
      await flaky.close();
    }
  });

  it("deliver-webhook waits for a delivery whose transaction has not committed, then gives up", async () => {
    const t = new InngestTestEngine({ function: deliverWebhookJob, steps: deliverySleeps() });
    const { result, ctx } = await t.execute({ events: [{ name: "webhook/delivery.due", data: { deliveryId: "whd_unknown" } }] });
    expect(result).toEqual({ deliveryId: "whd_unknown", status: "not-found" });
    expect(ctx.step.sleep).toHaveBeenCalledTimes(3);
  });

  it("sweep-due-work expires overdue links and delivers due webhooks", async () => {
    const link = await newLinkWithCallback(merchant, receiver.url(), { expiresIn: 5 });
    await db().paymentLink.update({ where: { id: link.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const t = new InngestTestEngine({ function: sweepDueWorkJob });
    const { result } = await t.execute();
    expect(result).toMatchObject({ linksExpired: expect.any(Number), deliveriesAttempted: expect.any(Number) });
    expect((result as { linksExpired: number }).linksExpired).toBeGreaterThanOrEqual(1);
    expect((await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).status).toBe("expired");
    await workUntil(() => deliveredFor(link.reference));
    expect(receivedFor(link.reference).payload.event).toBe("payment_link.expired");
  });
});
