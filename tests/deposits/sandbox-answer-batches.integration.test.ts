import type { Deposit } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { ulid } from "@/lib/core/domain/ulid";
import { settleSandboxAnswers } from "@/lib/features/deposits/settle-sandbox-answers";
import { transitionDeposit } from "@/lib/features/deposits/transition-deposit";
import { depositWebhookPayload } from "@/lib/features/webhooks/build-webhook-payload";
import { CLAIM_LEASE_MS, claimDueRows } from "@/lib/core/db/claim-due-rows";
import { Prisma } from "@prisma/client";
import { dueDepositKinds, runDueWork, SANDBOX_TIMER_GRACE_MS } from "@/lib/features/jobs/run-due-work";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { newMerchant } from "../helpers/fixtures";
import { expectLedgerBalanced } from "../helpers/ledger-invariant";
import { secondProcess } from "../helpers/second-process";

// lib/features/deposits/settle-sandbox-answers.ts: the simulated phones' answers of many API deposits
// settled per transaction. Each deposit must still be settled once, with its money and its one
// event, however many batches (processes, the sweep, a read) race for it.

const APPROVES = "+2250700000444";
const DECLINES = "+2250700000111";
const NEVER_ANSWERS = "+2250700000222";

/** `count` pending sandbox DIRECT deposits of a new merchant, made `ageMs` ago, phones in turn. */
async function answeredDeposits(count: number, ageMs = sandboxAnswerDelayMs() + 1000): Promise<Deposit[]> {
  const merchant = await newMerchant();
  const createdAt = new Date(Date.now() - ageMs);
  const phones = [APPROVES, APPROVES, DECLINES, NEVER_ANSWERS];
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `dep_${ulid()}`,
    reference: `BATCH${ulid()}`,
    merchantId: merchant.id,
    environment: "sandbox" as const,
    flow: "classic" as const,
    paymentType: "DIRECT",
    gatewayName: "MTN_MOMO_CI",
    amountMinor: 5000n + BigInt(i),
    feesMinor: 150n,
    currency: "XOF",
    country: "CI",
    customerPhone: phones[i % phones.length],
    callbackUrl: i % 5 === 0 ? null : "https://merchant.example/hooks",
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 600_000),
  }));
  await db().deposit.createMany({ data: rows });
  return db().deposit.findMany({ where: { merchantId: merchant.id }, orderBy: { id: "asc" } });
}

async function outcome(deposits: Deposit[]) {
  const ids = deposits.map((d) => d.id);
  const references = deposits.map((d) => d.reference);
  const rows = await db().deposit.findMany({ where: { id: { in: ids } } });
  const entries = await db().ledgerEntry.findMany({ where: { reference: { in: references } } });
  const events = await db().webhookEvent.findMany({ where: { reference: { in: references } }, include: { deliveries: true } });
  return { rows, entries, events };
}

describe("settleSandboxAnswers", () => {
  it("settles a batch of 200 answers once each, with one journal and one event each, however many batches race", async () => {
    const deposits = await answeredDeposits(200);
    const other = secondProcess();
    try {
      // Two processes' timers, and a second batch in this one, all with the same deposits.
      const counts = await Promise.all([settleSandboxAnswers(db(), deposits), settleSandboxAnswers(other.client, deposits), settleSandboxAnswers(db(), [...deposits].reverse())]);
      const { rows, entries, events } = await outcome(deposits);
      const byPhone = (phone: string) => rows.filter((r) => r.customerPhone === phone);
      expect(byPhone(APPROVES).every((r) => r.status === "completed" && r.completedAt?.getTime() === r.createdAt.getTime() + sandboxAnswerDelayMs())).toBe(true);
      expect(byPhone(DECLINES).every((r) => r.status === "failed" && r.failureReason === "declined_by_customer")).toBe(true);
      expect(byPhone(NEVER_ANSWERS).every((r) => r.status === "pending")).toBe(true);
      const settled = rows.filter((r) => r.status !== "pending");
      expect(settled).toHaveLength(150);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(150);

      // The money: one balanced journal per completed deposit, amount to the merchant, fees to the platform.
      const completed = byPhone(APPROVES);
      expect(new Set(entries.map((e) => e.journalId)).size).toBe(completed.length);
      for (const deposit of completed) {
        const mine = entries.filter((e) => e.reference === deposit.reference);
        expect(mine.map((e) => [e.account, e.amountMinor]).sort()).toEqual(
          [
            ["merchant_available", deposit.amountMinor],
            ["platform_fees", deposit.feesMinor],
            ["world", -(deposit.amountMinor + deposit.feesMinor)],
          ].sort(),
        );
      }
      await expectLedgerBalanced();

      // One event per settled deposit, its delivery when it has a callbackUrl, due at once.
      expect(events.map((e) => e.reference).sort()).toEqual(settled.map((r) => r.reference).sort());
      for (const event of events) {
        const deposit = settled.find((r) => r.reference === event.reference)!;
        expect(event.type).toBe(`deposit.${deposit.status}`);
        // The payload built from the row as it now stands in the database, field for field.
        expect(JSON.parse(event.payload)).toEqual(JSON.parse(JSON.stringify(depositWebhookPayload(deposit, event.type as "deposit.completed" | "deposit.failed"))));
        expect(event.deliveries.map((d) => d.url)).toEqual(deposit.callbackUrl ? [deposit.callbackUrl] : []);
      }
    } finally {
      await other.close();
    }
  });

  it("leaves alone what another path settled first, and answers not given yet", async () => {
    const deposits = await answeredDeposits(8);
    const early = await answeredDeposits(4, -60_000); // the phone answers a minute from now
    // A read of the first one recorded its answer before the batch ran.
    expect(await transitionDeposit(db(), { id: deposits[0].id, paymentLinkId: null, to: "completed", at: new Date() })).toBe(true);
    await settleSandboxAnswers(db(), [...deposits, ...early]);
    const { rows, entries, events } = await outcome([...deposits, ...early]);
    expect(entries.filter((e) => e.reference === deposits[0].reference)).toHaveLength(3);
    expect(events.filter((e) => e.reference === deposits[0].reference)).toHaveLength(1);
    expect(rows.filter((r) => early.some((e) => e.id === r.id)).every((r) => r.status === "pending")).toBe(true);
    await expectLedgerBalanced();
  });

  it("settles answers whose timer was lost through the sweep, after the lease of a runner that died holding them", async () => {
    const deposits = await answeredDeposits(12);
    // The timers were lost with their process; the sweep finds the answers once they are overdue.
    const now = new Date(deposits[0].createdAt.getTime() + sandboxAnswerDelayMs() + SANDBOX_TIMER_GRACE_MS + 1000);
    // A runner claimed them, then died before settling any.
    const died = await claimDueRows(db(), "Deposit", {
      due: Prisma.sql`"merchantId" = ${deposits[0].merchantId} AND "status" = 'pending'`,
      orderBy: Prisma.sql`"createdAt"`,
      limit: 100,
      now,
    });
    expect(died.ids).toHaveLength(12);
    await runDueWork(db(), now, { parts: { settle: true, webhooks: false } });
    expect((await outcome(deposits)).rows.every((r) => r.status === "pending")).toBe(true);

    const afterLease = new Date(now.getTime() + CLAIM_LEASE_MS);
    for (let pass = 0; pass < 3; pass++) await runDueWork(db(), afterLease, { parts: { settle: true, webhooks: false } });
    const { rows, events } = await outcome(deposits);
    expect(rows.filter((r) => r.status === "pending").map((r) => r.customerPhone)).toEqual([NEVER_ANSWERS, NEVER_ANSWERS, NEVER_ANSWERS]);
    expect(events).toHaveLength(9);
    await expectLedgerBalanced();
  });

  it("leaves a phone that never answers to its expiry instead of claiming it on every pass", async () => {
    const deposits = await answeredDeposits(8);
    const now = new Date(deposits[0].createdAt.getTime() + sandboxAnswerDelayMs() + SANDBOX_TIMER_GRACE_MS + 1000);
    const overdue = dueDepositKinds(now).find((kind) => kind.sandboxAnswers)!;
    const claim = await claimDueRows(db(), "Deposit", { ...overdue, due: Prisma.sql`(${overdue.due}) AND "merchantId" = ${deposits[0].merchantId}`, limit: 100, now });
    await claim.release();
    expect(claim.ids.sort()).toEqual(deposits.filter((d) => d.customerPhone !== NEVER_ANSWERS).map((d) => d.id));
    // Their expiry still settles them.
    const expiry = dueDepositKinds(deposits[0].expiresAt)[0];
    const expired = await claimDueRows(db(), "Deposit", { ...expiry, due: Prisma.sql`(${expiry.due}) AND "merchantId" = ${deposits[0].merchantId}`, limit: 100, now: deposits[0].expiresAt });
    await expired.release();
    expect(expired.ids.sort()).toEqual(deposits.map((d) => d.id));
  });
});
