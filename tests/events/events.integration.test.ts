import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Webhook } from "standardwebhooks";
import { db } from "@/lib/core/db/client";
import { transitionDeposit } from "@/lib/features/deposits/transition-deposit";
import type { Environment } from "@/lib/core/domain/environment";
import { deleteExpiredEvents } from "@/lib/features/events/delete-expired-events";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { openApiDocument } from "@/lib/surfaces/api-routes/route-table";
import { SCOPES } from "@/lib/core/domain/api-keys";
import { eventListSchema, eventSchema } from "@/lib/core/schemas/event";
import { attemptDelivery } from "@/lib/features/webhooks/attempt-delivery";
import { recordWebhookEvent } from "@/lib/features/webhooks/record-webhook-event";
import { call } from "../helpers/api-client";
import { newKey, newMerchant } from "../helpers/fixtures";
import { headersOf, newLinkAttempt, newLinkWithCallback } from "../helpers/webhook-fixtures";
import { allow, startReceiver, type Receiver } from "../helpers/webhook-receiver";

// GET /api/v4/events and /api/v4/events/{id}: the merchant's pull view of its webhook events.
// Deliveries are attempted one by one (attemptDelivery), never by a pass of due work, which on the
// shared PostgreSQL database would also take other files' deliveries.

type Merchant = Awaited<ReturnType<typeof newMerchant>>;
const DAY_MS = 24 * 60 * 60 * 1000;

let a: Merchant;
let b: Merchant;
let receiver: Receiver;

beforeAll(async () => {
  a = await newMerchant();
  b = await newMerchant();
  receiver = allow(await startReceiver());
});
afterAll(() => receiver.close());

const list = (m: Merchant, query: Record<string, string> = {}, options: { live?: boolean; key?: string } = {}) =>
  call("GET", `${options.live ? "" : "/test"}/api/v4/events`, { key: options.key ?? (options.live ? m.liveKey : m.sandboxKey), query });

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((e) => e.id);

/** A body of the documented shape for the type (what build-webhook-payload.ts would make). */
function payloadOf(type: string, reference: string) {
  const common = { event: type, reference, status: type.split(".")[1], amount: 5000, currency: "XOF" };
  if (type.startsWith("deposit.")) {
    return { ...common, invoiceReference: null, fees: 75, gatewayName: "MTN_MOMO_CI", paymentType: "DIRECT", customerPhone: "+2250700000111",
      customerEmail: null, failureReason: "declined_by_customer", completedAt: null, metadata: { n: counter } };
  }
  return { ...common, fees: null, gatewayName: null, customerEmail: null, completedAt: null, metadata: { n: counter } };
}

let counter = 0;
/** An event recorded as the state changes record theirs, in a transaction, without a delivery. */
async function record(m: Merchant, options: { type?: string; reference?: string; environment?: Environment; createdAt?: Date } = {}) {
  const reference = options.reference ?? `LINK_TEST_FAKE${++counter}`;
  const type = options.type ?? "payment_link.expired";
  const { eventId } = await db().$transaction((tx) =>
    recordWebhookEvent(tx, {
      merchantId: m.id,
      environment: options.environment ?? "sandbox",
      type,
      reference,
      url: null,
      payload: payloadOf(type, reference),
    }),
  );
  if (options.createdAt) await db().webhookEvent.update({ where: { id: eventId }, data: { createdAt: options.createdAt } });
  return { eventId };
}

describe("listing events", () => {
  it("pages newest first by cursor, and a walk neither skips nor repeats an event while new ones arrive", async () => {
    const m = await newMerchant();
    const recorded: string[] = [];
    for (let i = 0; i < 7; i++) recorded.push((await record(m)).eventId);
    const newestFirst = [...recorded].reverse();

    const first = await list(m, { limit: "3" });
    expect(first.status).toBe(200);
    expect(eventListSchema.safeParse(first.body).error).toBeUndefined();
    expect(ids(first)).toEqual(newestFirst.slice(0, 3));
    expect(first.body.hasMore).toBe(true);

    // Two events arrive between pages: they go before the first page, not into the walk.
    const later = [(await record(m)).eventId, (await record(m)).eventId];
    const second = await list(m, { limit: "3", startingAfter: ids(first).at(-1)! });
    expect(ids(second)).toEqual(newestFirst.slice(3, 6));
    expect(second.body.hasMore).toBe(true);
    const third = await list(m, { limit: "3", startingAfter: ids(second).at(-1)! });
    expect(ids(third)).toEqual(newestFirst.slice(6));
    expect(third.body.hasMore).toBe(false);

    // endingBefore: the events just newer than the cursor, still newest first.
    const newer = await list(m, { endingBefore: ids(first)[0] });
    expect(ids(newer)).toEqual([...later].reverse());
    expect(newer.body.hasMore).toBe(false);
    const nearest = await list(m, { endingBefore: recorded[0], limit: "2" });
    expect(ids(nearest)).toEqual([recorded[2], recorded[1]]);
    expect(nearest.body.hasMore).toBe(true);
  });

  it("keeps a cursor valid after its event is gone (compared, not looked up)", async () => {
    const m = await newMerchant();
    const [older, cursor, newer] = [await record(m), await record(m), await record(m)];
    await db().webhookEvent.delete({ where: { id: cursor.eventId } });
    expect(ids(await list(m, { startingAfter: cursor.eventId }))).toEqual([older.eventId]);
    expect(ids(await list(m, { endingBefore: cursor.eventId }))).toEqual([newer.eventId]);
  });

  it("filters by type (one or several), reference and creation time", async () => {
    const m = await newMerchant();
    const at = (days: number) => new Date(Date.now() - days * DAY_MS);
    const expired = await record(m, { type: "payment_link.expired", createdAt: at(3) });
    const completed = await record(m, { type: "payment_link.completed", reference: "LINK_TEST_ONE", createdAt: at(2) });
    const deposit = await record(m, { type: "deposit.failed", reference: "DEP_TEST_ONE", createdAt: at(1) });
    const again = await record(m, { type: "payment_link.expired", reference: "LINK_TEST_ONE" });

    expect(ids(await list(m, { type: "payment_link.expired" }))).toEqual([again.eventId, expired.eventId]);
    expect(ids(await list(m, { type: "deposit.failed,payment_link.completed" }))).toEqual([deposit.eventId, completed.eventId]);
    expect(ids(await list(m, { reference: "LINK_TEST_ONE" }))).toEqual([again.eventId, completed.eventId]);
    expect(ids(await list(m, { reference: "LINK_TEST_ONE", type: "payment_link.completed" }))).toEqual([completed.eventId]);
    expect(ids(await list(m, { reference: "LINK_TEST_NONE" }))).toEqual([]);
    expect(ids(await list(m, { createdAfter: at(2.5).toISOString() }))).toEqual([again.eventId, deposit.eventId, completed.eventId]);
    expect(ids(await list(m, { createdBefore: at(1.5).toISOString().slice(0, 19) }))).toEqual([completed.eventId, expired.eventId]);
    expect(ids(await list(m, { createdAfter: at(2.5).toISOString(), createdBefore: at(0.5).toISOString() }))).toEqual([deposit.eventId, completed.eventId]);
    // An offset counts, also when its + came unencoded (a space, as a query string decodes it).
    const inParis = (d: Date) => new Date(d.getTime() + 3_600_000).toISOString().slice(0, 19);
    expect(ids(await list(m, { createdAfter: `${inParis(at(1.5))}+01:00` }))).toEqual([again.eventId, deposit.eventId]);
    expect(ids(await list(m, { createdAfter: `${inParis(at(1.5))} 01:00` }))).toEqual([again.eventId, deposit.eventId]);
    // A date is its midnight UTC: everything of today and later.
    const today = new Date().toISOString().slice(0, 10);
    expect(ids(await list(m, { createdAfter: today }))).toContain(again.eventId);
  });

  it.each([
    [{ limit: "0" }, "limit must be a whole number from 1 to 100"],
    [{ limit: "101" }, "limit must be a whole number from 1 to 100"],
    [{ limit: "ten" }, "limit must be a whole number from 1 to 100"],
    [{ type: "payment_link.paid" }, "type must be one or more of"],
    [{ type: "deposit.completed," }, "type must be one or more of"],
    [{ startingAfter: "LINK_TEST_X" }, "startingAfter must be an event id"],
    [{ endingBefore: "msg_1" }, "endingBefore must be an event id"],
    [{ startingAfter: "msg_01KAQ7Z8M6X5V4T3R2Q1P0N9M8", endingBefore: "msg_01KAQ7Z8M6X5V4T3R2Q1P0N9M8" }, "give startingAfter or endingBefore, not both"],
    [{ createdAfter: "yesterday" }, "createdAfter must be an ISO 8601 date"],
    [{ createdBefore: "2026-02-30" }, "createdBefore is not a valid date"],
    [{ createdBefore: "2026-02-30T10:00:00Z" }, "createdBefore is not a valid date"],
    [{ createdAfter: "2026-13-01" }, "createdAfter is not a valid date"],
    [{ reference: "x".repeat(101) }, "reference must be at most 100 characters"],
    [{ status: "completed" }, "unknown field 'status'"],
  ])("refuses %j with 400/40023 naming the rule", async (query, details) => {
    const res = await list(a, query);
    expect([res.status, res.body.error.code]).toEqual([400, 40023]);
    expect(res.body.error.details).toContain(details);
  });
});

describe("who sees which events", () => {
  it("answers another merchant's event as not found, and lists only the key's merchant's", async () => {
    const mine = await record(a, { reference: "LINK_TEST_BOLA" });
    const theirs = await record(b, { reference: "LINK_TEST_BOLA" });
    const res = await call("GET", `/test/api/v4/events/${mine.eventId}`, { key: b.sandboxKey });
    expect([res.status, res.body.error.code]).toEqual([404, 40004]);
    expect(ids(await list(b, { reference: "LINK_TEST_BOLA" }))).toEqual([theirs.eventId]);
    expect(ids(await list(a, { reference: "LINK_TEST_BOLA" }))).toEqual([mine.eventId]);
    // Its id as a cursor reveals nothing either: it is only compared.
    expect(ids(await list(b, { reference: "LINK_TEST_BOLA", endingBefore: mine.eventId }))).toEqual(
      theirs.eventId > mine.eventId ? [theirs.eventId] : [],
    );
    const unknown = await call("GET", "/test/api/v4/events/msg_01KAQ7Z8M6X5V4T3R2Q1P0N9M8", { key: a.sandboxKey });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 40004]);
  });

  it("keeps the sandbox and production apart", async () => {
    const sandbox = await record(a, { reference: "LINK_TEST_ENV" });
    const live = await record(a, { reference: "LINK_ENV", environment: "live" });
    expect(ids(await list(a, { reference: "LINK_TEST_ENV" }, { live: true }))).toEqual([]);
    expect(ids(await list(a, { reference: "LINK_ENV" }, { live: true }))).toEqual([live.eventId]);
    expect(ids(await list(a, { reference: "LINK_ENV" }))).toEqual([]);
    const crossed = await call("GET", `/api/v4/events/${sandbox.eventId}`, { key: a.liveKey });
    expect([crossed.status, crossed.body.error.code]).toEqual([404, 40004]);
    expect((await call("GET", `/api/v4/events/${live.eventId}`, { key: a.liveKey })).body.id).toBe(live.eventId);
    // A sandbox key on the production path is refused outright.
    expect((await list(a, {}, { live: true, key: a.sandboxKey })).body.error.code).toBe(40002);
  });

  it("needs the events:read scope, which new keys have", async () => {
    expect(SCOPES).toContain("events:read");
    const { key } = await newKey(a.id, "sandbox", { scopes: ["links:read"] });
    for (const res of [await list(a, {}, { key }), await call("GET", "/test/api/v4/events/msg_01KAQ7Z8M6X5V4T3R2Q1P0N9M8", { key })]) {
      expect([res.status, res.body.error.code]).toEqual([403, 40001]);
    }
  });

  it("gives events:read to existing keys that held every earlier scope, not to restricted ones (the migration)", async () => {
    const earlier = SCOPES.filter((s) => s !== "events:read");
    const full = await newKey(a.id, "sandbox", { scopes: [...earlier] });
    const restricted = await newKey(a.id, "sandbox", { scopes: ["links:read", "links:write"] });
    const migration = fs.readFileSync(path.resolve(import.meta.dirname, "../../prisma/migrations/20261124200000_events_api/migration.sql"), "utf8");
    const update = migration.slice(migration.indexOf("UPDATE"));
    await db().$executeRawUnsafe(update);
    const scopesOf = async (id: string) => (await db().apiKey.findUniqueOrThrow({ where: { id } })).scopes;
    expect(await scopesOf(full.id)).toEqual([...earlier, "events:read"]);
    expect(await scopesOf(restricted.id)).toEqual(["links:read", "links:write"]);
    // Run twice, it adds nothing twice.
    await db().$executeRawUnsafe(update);
    expect(await scopesOf(full.id)).toEqual([...earlier, "events:read"]);
  });
});

describe("an event's payload", () => {
  it("is byte for byte the body the receiver got, and the delivered signature verifies over it", async () => {
    const link = await newLinkWithCallback(a, receiver.url());
    const attempt = await newLinkAttempt(a, link.id);
    await transitionDeposit(db(), { id: attempt.id, to: "completed" });
    const [row] = await db().webhookEvent.findMany({ where: { reference: link.reference }, include: { deliveries: true } });
    // Attempted until delivered: on the shared PostgreSQL database another file's pass may get to
    // it first, with its own settings, and fail it (its SSRF guard does not know this receiver).
    const deliveryId = row.deliveries[0].id;
    const status = async () => (await db().webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).status;
    await vi.waitFor(
      async () => {
        if ((await status()) !== "delivered") await attemptDelivery(db(), { deliveryId });
        expect(await status(), "the delivery was made").toBe("delivered");
      },
      { timeout: 10_000, interval: 50 },
    );

    const listed = await list(a, { reference: link.reference });
    expect(listed.body.data).toHaveLength(1);
    const event = listed.body.data[0];
    const one = await call("GET", `/test/api/v4/events/${event.id}`, { key: a.sandboxKey });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(event);
    expect(eventSchema.safeParse(event).error).toBeUndefined();
    expect(event).toMatchObject({
      type: "payment_link.completed",
      reference: link.reference,
      delivery: { status: "delivered", nextAttemptAt: null },
    });
    expect(event.delivery.attempts).toBeGreaterThanOrEqual(1);
    expect(event.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);

    const received = receiver.received.filter((r) => r.headers["webhook-id"] === event.id);
    expect(received).toHaveLength(1);
    expect(JSON.stringify(event.payload)).toBe(received[0].body);
    expect(new Webhook(a.webhookSecret).verify(JSON.stringify(event.payload), headersOf(received[0].headers))).toEqual(event.payload);
    expect(event.payload).toMatchObject({ event: "payment_link.completed", reference: link.reference, status: "completed", metadata: { orderId: "A-1", vip: true } });
  });

  it("is recorded for a resource without callbackUrl, with no delivery", async () => {
    const link = await newLinkWithCallback(a, receiver.url(), { callbackUrl: undefined });
    const attempt = await newLinkAttempt(a, link.id);
    await transitionDeposit(db(), { id: attempt.id, to: "failed", failureReason: "declined_by_customer" });
    const [event] = (await list(a, { reference: link.reference })).body.data;
    expect(event).toMatchObject({ type: "payment_link.failed", delivery: null, payload: { event: "payment_link.failed", status: "failed" } });
  });
});

describe("the OpenAPI document", () => {
  it("documents both operations with examples their own schemas accept", () => {
    const paths = openApiDocument("http://pay.test").paths as Record<string, any>;
    const example = (p: string) => paths[p].get.responses["200"].content["application/json"].example;
    expect(eventListSchema.safeParse(example("/api/v4/events")).error).toBeUndefined();
    expect(eventSchema.safeParse(example("/api/v4/events/{id}")).error).toBeUndefined();
    expect(paths["/api/v4/events"].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      "limit", "startingAfter", "endingBefore", "type", "reference", "createdAfter", "createdBefore",
    ]);
  });
});

describe("retention", () => {
  it("deletes events older than 30 days with their deliveries, but keeps one whose delivery is still retrying", async () => {
    const m = await newMerchant();
    const now = new Date();
    const old = new Date(now.getTime() - 31 * DAY_MS);
    const recent = await record(m, { createdAt: new Date(now.getTime() - 29 * DAY_MS) });
    const quiet = await record(m, { createdAt: old });
    // Deliveries written in their state directly: never due, so no pass of due work (another
    // file's, on the shared PostgreSQL database) attempts them meanwhile.
    const withDelivery = async (data: { status: "delivered" | "pending"; deliveredAt?: Date; nextAttemptAt?: Date }) => {
      const { eventId } = await record(m, { createdAt: old });
      const deliveryId = `whd_test_${eventId}`;
      await db().webhookDelivery.create({ data: { id: deliveryId, eventId, url: receiver.url("/old"), createdAt: old, ...data } });
      return { eventId, deliveryId };
    };
    const delivered = await withDelivery({ status: "delivered", deliveredAt: old });
    await db().webhookAttempt.create({
      data: { id: `wha_test_${delivered.deliveryId}`, deliveryId: delivered.deliveryId, number: 1, startedAt: old, durationMs: 5, httpStatus: 200, succeeded: true },
    });
    // In a new round a staff member started on its dead letter: not due yet, still pending.
    const retrying = await withDelivery({ status: "pending", nextAttemptAt: new Date(now.getTime() + DAY_MS) });

    expect(await deleteExpiredEvents(db(), now)).toBeGreaterThanOrEqual(2);
    const remaining = ids(await list(m, { limit: "100" }));
    expect(remaining.sort()).toEqual([recent.eventId, retrying.eventId].sort());
    expect(await db().webhookDelivery.count({ where: { id: delivered.deliveryId } })).toBe(0);
    expect(await db().webhookAttempt.count({ where: { deliveryId: delivered.deliveryId } })).toBe(0);
    expect((await call("GET", `/test/api/v4/events/${quiet.eventId}`, { key: m.sandboxKey })).status).toBe(404);

    // Once its round ends (dead-lettered here), the next pass takes it.
    await db().webhookDelivery.update({ where: { id: retrying.deliveryId }, data: { status: "dead", deadAt: now, nextAttemptAt: null } });
    await deleteExpiredEvents(db(), now);
    expect(ids(await list(m, { limit: "100" }))).toEqual([recent.eventId]);
  });

  it("runs in every pass of due work", async () => {
    // A pass "in 2000" finds nothing else due (every row is newer), only this event of 1999.
    const m = await newMerchant();
    const ancient = await record(m, { createdAt: new Date("1999-01-01T00:00:00Z") });
    const report = await runDueWork(db(), new Date("2000-01-01T00:00:00Z"));
    expect(report.eventsDeleted).toBeGreaterThanOrEqual(1);
    expect(await db().webhookEvent.count({ where: { id: ancient.eventId } })).toBe(0);
  });
});
