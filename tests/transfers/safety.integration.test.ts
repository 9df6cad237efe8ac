import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { listOpenOutcomes } from "@/lib/features/reconciliation/list-open-outcomes";
import { reconcileOperatorOutcomes } from "@/lib/features/reconciliation/reconcile-operator-outcomes";
import { OPERATOR_FOLLOW_MS } from "@/lib/core/domain/operator-polling";
import { call } from "../helpers/api-client";
import { startFakeServer } from "../fakes/fake-http";
import { availableBalance, fundMerchant } from "../helpers/fund-merchant";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { staffSession } from "../helpers/staff-session";
import { newFormToken } from "@/lib/core/domain/form-token";

// Issue 26: payouts that cannot be sent never hold the others back, live SCHEDULED transfers work
// (a bank transfer is handed to support at its batch, and given back if nobody pays it in time),
// and the merchant is told whatever the end.

const merchant = merchantCheckedAfterEach();
// The due work without webhook attempts: these passes travel days ahead, where every delivery
// still retrying in a shared database (PostgreSQL) would be attempted too; events are recorded anyway.
const settleOnly = { settle: true, webhooks: false };
const payout = { currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: "+2250700000444", country: "CI" };

describe("a transfer whose send throws", () => {
  // A fault the code cannot foresee (a constraint, a bug): the database refuses to settle these rows.
  beforeAll(async () => {
    await db().$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS "BrokenTransfer" ("id" TEXT PRIMARY KEY)`);
    await db().$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION refuse_broken_transfer() RETURNS trigger AS $$
      BEGIN
        IF NEW."status" <> OLD."status" AND EXISTS (SELECT 1 FROM "BrokenTransfer" b WHERE b."id" = NEW."id") THEN
          RAISE EXCEPTION 'broken transfer %', NEW."id";
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await db().$executeRawUnsafe(`DROP TRIGGER IF EXISTS refuse_broken_transfer ON "Transfer"`);
    await db().$executeRawUnsafe(`CREATE TRIGGER refuse_broken_transfer BEFORE UPDATE ON "Transfer" FOR EACH ROW EXECUTE FUNCTION refuse_broken_transfer()`);
  });
  afterAll(async () => {
    await db().$executeRawUnsafe(`DROP TRIGGER IF EXISTS refuse_broken_transfer ON "Transfer"`);
  });

  it("goes back in line with back-off: a batch's worth of them never starves the others, on this pass or the next", async () => {
    await fundMerchant(merchant().sandboxKey, [200_000]);
    const send = async () => (await call("POST", "/test/api/v4/transfers/instant", { key: merchant().sandboxKey, body: { ...payout, amount: 100 } })).body.reference as string;
    const broken: string[] = [];
    for (let i = 0; i < 5; i++) broken.push(await send());
    const healthy = await send();
    const rows = await db().transfer.findMany({ where: { reference: { in: [...broken, healthy] } } });
    await db().$executeRawUnsafe(`INSERT INTO "BrokenTransfer" ("id") SELECT "id" FROM "Transfer" WHERE "reference" IN (${broken.map((r) => `'${r}'`).join(",")})`);
    // All due at once; the broken ones first in line (the sweep takes the oldest due first).
    const due = new Date(Math.max(...rows.map((r) => r.dueAt!.getTime())));
    const healthyRow = rows.find((r) => r.reference === healthy)!;
    await db().transfer.updateMany({ where: { reference: { in: broken } }, data: { dueAt: new Date(due.getTime() - 1000) } });
    await db().transfer.update({ where: { id: healthyRow.id }, data: { dueAt: due } });

    // A batch of 5 takes the broken ones; each throws.
    await runDueWork(db(), new Date(due.getTime() + 1), { batchSize: 5, parts: settleOnly });
    expect((await db().transfer.findUniqueOrThrow({ where: { id: healthyRow.id } })).status).toBe("pending");
    // Their claims lapse after a minute: then they must not be first in line again.
    await runDueWork(db(), new Date(due.getTime() + 61_000), { batchSize: 5, parts: settleOnly });
    expect((await db().transfer.findUniqueOrThrow({ where: { id: healthyRow.id } })).status).toBe("completed");
    const later = await db().transfer.findMany({ where: { reference: { in: broken } } });
    for (const transfer of later) {
      expect(transfer.status).toBe("pending");
      expect(transfer.dueAt!.getTime()).toBeGreaterThan(due.getTime() + 1);
    }
    // Once the fault is mended they are sent in their turn.
    await db().$executeRawUnsafe(`DELETE FROM "BrokenTransfer"`);
    await runDueWork(db(), new Date(due.getTime() + 60 * 60_000), { batchSize: 5, parts: settleOnly });
    expect((await db().transfer.findMany({ where: { reference: { in: broken } } })).map((t) => t.status)).toEqual(broken.map(() => "completed"));
  });
});

describe("a live SCHEDULED transfer (a bank transfer)", () => {
  async function liveFunds() {
    // Live money, credited as a completed live deposit would be (no live operator in this file).
    const { creditCollection } = await import("@/lib/features/ledger/credit-collection");
    await db().$transaction((tx) =>
      creditCollection(tx, { kind: "deposit_completed", merchantId: merchant().id, environment: "live", currency: "XOF", reference: `DEP_FUND_${Date.now()}`, amountMinor: 100_000n, feesMinor: 0n, at: new Date() }),
    );
  }
  const scheduled = { amount: 10_000, currency: "XOF", gatewayName: "BANK_TRANSFER_UEMOA", beneficiaryPhone: "+2250700000444", country: "CI" };
  const transfer = (reference: string) => db().transfer.findUniqueOrThrow({ where: { reference } });

  it("is accepted, waits for its batch, is handed to support, and support's approval completes it (transfer.completed)", async () => {
    await liveFunds();
    const res = await call("POST", "/api/v4/transfers/instant", { key: merchant().liveKey, body: scheduled });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "pending", gatewayType: "SCHEDULED", awaitingApproval: false });
    expect(res.body.scheduledFor).not.toBeNull();
    const accepted = await transfer(res.body.reference);
    // Before the batch: nothing. At the batch: handed over, the merchant's API says it awaits the platform.
    await runDueWork(db(), new Date(accepted.dueAt!.getTime() - 1000), { parts: settleOnly });
    expect((await transfer(res.body.reference)).handedOverAt).toBeNull();
    await runDueWork(db(), accepted.dueAt!, { parts: settleOnly });
    const handedOver = await transfer(res.body.reference);
    expect(handedOver.handedOverAt).not.toBeNull();
    const read = await call("GET", `/api/v4/transfers/${res.body.reference}`, { key: merchant().liveKey });
    expect(read.body).toMatchObject({ status: "pending", awaitingApproval: true, scheduledFor: null });

    const admin = await staffSession("admin");
    const listed = await call("GET", "/admin/api/transfers/pending", { headers: { cookie: admin.cookie } });
    expect(listed.body.transfers).toEqual(expect.arrayContaining([expect.objectContaining({ reference: res.body.reference })]));
    const approved = await call("POST", `/admin/api/transfers/${res.body.reference}/approve`, { headers: { cookie: admin.cookie, "x-csrf-token": admin.csrf, origin: "http://pay.test", "idempotency-key": newFormToken() }, body: { reason: "paid by bank, ref B-1" } });
    expect([approved.status, approved.body.status]).toEqual([200, "completed"]);
    expect((await db().webhookEvent.findMany({ where: { reference: res.body.reference } })).map((e) => e.type)).toEqual(["transfer.completed"]);
  });

  it("that nobody records within the window is held for a staff decision, never released on its own (issue 46, item 5)", async () => {
    await liveFunds();
    const before = await availableBalance(merchant().liveKey);
    const res = await call("POST", "/api/v4/transfers/instant", { key: merchant().liveKey, body: scheduled });
    const held = await availableBalance(merchant().liveKey);
    expect(held).toBeLessThan(before);
    const accepted = await transfer(res.body.reference);
    await runDueWork(db(), accepted.dueAt!, { parts: settleOnly });
    expect((await listOpenOutcomes(db(), { merchantId: merchant().id })).find((o) => o.reference === res.body.reference)?.state).toBe("awaiting_support");
    const handedOver = await transfer(res.body.reference);
    await runDueWork(db(), new Date(handedOver.handedOverAt!.getTime() + OPERATOR_FOLLOW_MS - 1000), { parts: settleOnly });
    expect((await transfer(res.body.reference)).status).toBe("pending");
    // Past the window: support may have paid it by hand without recording it yet, so nothing is
    // released; it is marked for a decision, and no pass after that changes it.
    await runDueWork(db(), new Date(handedOver.handedOverAt!.getTime() + OPERATOR_FOLLOW_MS), { parts: settleOnly });
    await runDueWork(db(), new Date(handedOver.handedOverAt!.getTime() + 3 * OPERATOR_FOLLOW_MS), { parts: settleOnly });
    await reconcileOperatorOutcomes(db(), new Date(handedOver.handedOverAt!.getTime() + 3 * OPERATOR_FOLLOW_MS), { all: true });
    const waiting = await transfer(res.body.reference);
    expect([waiting.status, waiting.unresolvedAt]).toEqual(["pending", expect.any(Date)]);
    expect(await availableBalance(merchant().liveKey)).toBe(held);
    expect((await call("GET", `/api/v4/transfers/${res.body.reference}`, { key: merchant().liveKey })).body).toMatchObject({ status: "pending", awaitingApproval: true });
    expect(await db().webhookEvent.count({ where: { reference: res.body.reference } })).toBe(0);

    // Staff decide: not paid, so rejected; then the funds go back and the merchant is told.
    const admin = await staffSession("admin");
    const rejected = await call("POST", `/admin/api/transfers/${res.body.reference}/reject`, { headers: { cookie: admin.cookie, "x-csrf-token": admin.csrf, origin: "http://pay.test", "idempotency-key": newFormToken() }, body: { reason: "bank refused the account" } });
    expect([rejected.status, rejected.body.status]).toEqual([200, "failed"]);
    expect(await availableBalance(merchant().liveKey)).toBe(before);
    expect((await db().webhookEvent.findMany({ where: { reference: res.body.reference } })).map((e) => e.type)).toEqual(["transfer.failed"]);
  });
});

describe("a live payout that cannot be sent for days", () => {
  const saved = { ...process.env };
  // MTN's Disbursement configured, but nothing listens at its address: every send is refused at connect.
  beforeAll(async () => {
    const closed = await startFakeServer(() => undefined);
    await closed.close();
    Object.assign(process.env, {
      MTN_MOMO_BASE_URL: closed.url,
      MTN_MOMO_API_USER: "c72025f5-5cd1-4630-99e4-8ba4722fad56",
      MTN_MOMO_API_KEY: "key",
      MTN_MOMO_SUBSCRIPTION_KEY: "collection",
      MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: "disbursement",
      MTN_MOMO_TARGET_ENVIRONMENT: "mtnivorycoast",
      MTN_MOMO_COUNTRIES: "CI",
    });
  });
  afterAll(() => {
    process.env = saved;
  });

  it("is tried with back-off while it never left, then fails with the funds back and transfer.failed", async () => {
    const { creditCollection } = await import("@/lib/features/ledger/credit-collection");
    await db().$transaction((tx) =>
      creditCollection(tx, { kind: "deposit_completed", merchantId: merchant().id, environment: "live", currency: "XOF", reference: `DEP_FUND_${Date.now()}`, amountMinor: 50_000n, feesMinor: 0n, at: new Date() }),
    );
    const before = await availableBalance(merchant().liveKey);
    const res = await call("POST", "/api/v4/transfers/instant", { key: merchant().liveKey, body: { ...payout, amount: 10_000 } });
    expect([res.status, res.body.status]).toEqual([200, "pending"]);
    const accepted = await db().transfer.findUniqueOrThrow({ where: { reference: res.body.reference } });
    // Nothing left: the send was taken back, and the next try is scheduled.
    expect([accepted.operatorSentAt, accepted.operatorAnswer]).toEqual([null, "not sent: connection_failed"]);
    expect(accepted.dueAt!.getTime()).toBeGreaterThan(accepted.createdAt.getTime());
    await reconcileOperatorOutcomes(db(), new Date(accepted.createdAt.getTime() + OPERATOR_FOLLOW_MS - 60_000));
    const waiting = await db().transfer.findUniqueOrThrow({ where: { id: accepted.id } });
    expect([waiting.status, waiting.operatorSentAt]).toEqual(["pending", null]);
    // Its next try, past the window: given up, as nothing can have been paid.
    await reconcileOperatorOutcomes(db(), waiting.dueAt!);
    const failed = await db().transfer.findUniqueOrThrow({ where: { id: accepted.id } });
    expect([failed.status, failed.failureReason]).toEqual(["failed", "not_sent_in_time"]);
    expect(await availableBalance(merchant().liveKey)).toBe(before);
    expect((await db().webhookEvent.findMany({ where: { reference: res.body.reference } })).map((e) => e.type)).toEqual(["transfer.failed"]);
  });
});
