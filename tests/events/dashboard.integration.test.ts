import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { ulid } from "@/lib/core/domain/ulid";
import type { Environment } from "@/lib/core/domain/environment";
import { getMerchantEvent, listMerchantEvents } from "@/lib/features/events/merchant-events";
import { PAGE_SIZE } from "@/lib/core/domain/list-filters";
import { recordWebhookEvent } from "@/lib/features/webhooks/record-webhook-event";
import { newMerchant } from "../helpers/fixtures";

// The dashboard's events view (/dashboard/developers/events): the queries behind it, on the real
// database. A merchant sees its own events of the environment it looks at, never another
// merchant's nor the other environment's, each with its payload and every delivery attempt.

async function record(merchantId: string, environment: Environment, reference: string, url: string | null = null) {
  const payload = { event: "payment_link.completed", reference, status: "completed", amount: 5000, currency: "XOF", metadata: { orderId: reference } };
  const { eventId } = await db().$transaction((tx) => recordWebhookEvent(tx, { merchantId, environment, type: "payment_link.completed", reference, url, payload }));
  return eventId;
}

describe("the dashboard's events view", () => {
  it("lists only the merchant's events of the chosen environment; another's or the other environment's are not found", async () => {
    const [a, b] = [await newMerchant(), await newMerchant()];
    const aSandbox = await record(a.id, "sandbox", "LINK_TEST_A");
    const aLive = await record(a.id, "live", "LINK_A");
    const bSandbox = await record(b.id, "sandbox", "LINK_TEST_B");

    const sandbox = await listMerchantEvents(db(), { merchantId: a.id, environment: "sandbox" });
    expect(sandbox.items.map((e) => e.id)).toEqual([aSandbox]);
    expect(sandbox.items[0]).toMatchObject({ type: "payment_link.completed", reference: "LINK_TEST_A", delivery: null });
    expect((await listMerchantEvents(db(), { merchantId: a.id, environment: "live" })).items.map((e) => e.id)).toEqual([aLive]);
    expect((await listMerchantEvents(db(), { merchantId: b.id, environment: "sandbox" })).items.map((e) => e.id)).toEqual([bSandbox]);

    const scope = { merchantId: a.id, environment: "sandbox" } as const;
    expect(await getMerchantEvent(db(), scope, bSandbox)).toBeNull();
    expect(await getMerchantEvent(db(), scope, aLive)).toBeNull();
    expect(await getMerchantEvent(db(), scope, "not-an-id")).toBeNull();
    expect(await getMerchantEvent(db(), scope, aSandbox)).toMatchObject({ id: aSandbox, reference: "LINK_TEST_A", deliveries: [] });
  });

  it("shows an event's payload as indented JSON and each delivery with its attempts", async () => {
    const m = await newMerchant();
    const id = await record(m.id, "sandbox", "LINK_TEST_PAID", "https://merchant.example/hooks");
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { eventId: id } });
    const startedAt = new Date();
    await db().webhookAttempt.create({ data: { id: ulid(), deliveryId: delivery.id, number: 1, startedAt, durationMs: 42, httpStatus: 503, responseExcerpt: "busy", succeeded: false } });
    await db().webhookDelivery.update({ where: { id: delivery.id }, data: { attemptCount: 1 } });

    const event = await getMerchantEvent(db(), { merchantId: m.id, environment: "sandbox" }, id);
    expect(event!.payload).toBe(JSON.stringify(JSON.parse((await db().webhookEvent.findUniqueOrThrow({ where: { id } })).payload), null, 2));
    expect(event!.payload).toContain('\n  "reference": "LINK_TEST_PAID"');
    expect(event!.deliveries).toEqual([
      expect.objectContaining({
        url: "https://merchant.example/hooks",
        status: "pending",
        attempts: [expect.objectContaining({ number: 1, httpStatus: 503, durationMs: 42, responseExcerpt: "busy", startedAt: startedAt.toISOString() })],
      }),
    ]);
    const listed = await listMerchantEvents(db(), { merchantId: m.id, environment: "sandbox" });
    expect(listed.items[0].delivery).toEqual({ status: "pending", attempts: 1 });
  });

  it("pages newest first, each event once, with a next page only when there is one", async () => {
    const m = await newMerchant();
    const ids: string[] = [];
    for (let i = 0; i < PAGE_SIZE + 3; i++) ids.push(await record(m.id, "sandbox", `LINK_TEST_${i}`));
    const scope = { merchantId: m.id, environment: "sandbox" } as const;
    const first = await listMerchantEvents(db(), scope);
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await listMerchantEvents(db(), scope, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((e) => e.id)).toEqual([...ids].sort().reverse());
    // A cursor that is not an event id is ignored, never an error page.
    expect((await listMerchantEvents(db(), scope, "'; drop table")).items).toHaveLength(PAGE_SIZE);
  });
});
