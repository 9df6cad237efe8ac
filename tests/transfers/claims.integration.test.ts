import { Prisma } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { CLAIM_LEASE_MS, claimDueRows } from "@/lib/core/db/claim-due-rows";
import { sendDueMoneyOut } from "@/lib/features/money-out/send-due-money-out";
import { TRANSFER_KIND } from "@/lib/features/transfers/transfer-kind";
import { call } from "../helpers/api-client";
import { newMerchant } from "../helpers/fixtures";
import { fundMerchant } from "../helpers/fund-merchant";
import { expectLedgerBalanced } from "../helpers/ledger-invariant";
import { secondProcess } from "../helpers/second-process";

// sendDueMoneyOut claims its batch with a lease (lib/core/db/claim-due-rows.ts), as the sweep does
// deposits and links: runners in several processes send disjoint transfers, each once, and a
// runner that dies holding a batch leaves it to the others once the lease lapses.

const scheduled = { amount: 1000, currency: "XOF", gatewayName: "BANK_TRANSFER_UEMOA", beneficiaryPhone: "+2250700000444", country: "SN", callbackUrl: "https://merchant.example/hooks" };

/** `count` SCHEDULED transfers of a funded merchant, and a time at which their batch is due. */
async function dueTransfers(count: number) {
  const m = await newMerchant();
  await fundMerchant(m.sandboxKey, [count * 2000]);
  const references: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await call("POST", "/test/api/v4/transfers/instant", { key: m.sandboxKey, body: scheduled });
    expect(res.status).toBe(200);
    references.push(res.body.reference);
  }
  const rows = await db().transfer.findMany({ where: { reference: { in: references } } });
  const due = new Date(Math.max(...rows.map((t) => t.dueAt!.getTime())) + 1000);
  // sendDueMoneyOut takes the oldest due transfers of the whole database: on PostgreSQL the files
  // that ran before may have left some (a live one whose operator is gone fails on every
  // pass and stays first in line). Off the schedule, so the small batches below reach these.
  await db().transfer.updateMany({ where: { status: "pending", dueAt: { not: null }, reference: { notIn: references } }, data: { dueAt: null } });
  const state = async () => {
    const transfers = await db().transfer.findMany({ where: { reference: { in: references } } });
    const journals = await db().ledgerEntry.groupBy({ by: ["reference", "kind"], where: { reference: { in: references } }, _count: { journalId: true } });
    const events = await db().webhookEvent.findMany({ where: { reference: { in: references } }, include: { deliveries: true } });
    return { transfers, journals, events };
  };
  return { merchantId: m.id, references, due, state };
}

describe("sendDueMoneyOut (transfers)", () => {
  it("sends each due transfer once when runners in two processes take their batches at the same moment", async () => {
    const { references, due, state } = await dueTransfers(6);
    const other = secondProcess();
    try {
      // Small batches, so the runners really share the work.
      await Promise.all([sendDueMoneyOut(db(), TRANSFER_KIND, { now: due, batchSize: 2 }), sendDueMoneyOut(other.client, TRANSFER_KIND, { now: due, batchSize: 2 }), sendDueMoneyOut(db(), TRANSFER_KIND, { now: due, batchSize: 2 }), sendDueMoneyOut(other.client, TRANSFER_KIND, { now: due, batchSize: 2 })]);
      for (let pass = 0; pass < 5; pass++) await Promise.all([sendDueMoneyOut(db(), TRANSFER_KIND, { now: due, batchSize: 2 }), sendDueMoneyOut(other.client, TRANSFER_KIND, { now: due, batchSize: 2 })]);
    } finally {
      await other.close();
    }
    const { transfers, journals, events } = await state();
    expect(transfers.map((t) => t.status)).toEqual(references.map(() => "completed"));
    expect(transfers.every((t) => t.claimedUntil === null)).toBe(true);
    // Per transfer: its creation's hold, one completion journal, one event with one delivery.
    for (const reference of references) {
      expect(journals.filter((j) => j.reference === reference && j.kind === "transfer_completed").map((j) => j._count.journalId)).toEqual([3]);
      const mine = events.filter((e) => e.reference === reference);
      expect(mine.map((e) => [e.type, e.deliveries.length])).toEqual([["transfer.completed", 1]]);
    }
    await expectLedgerBalanced();
  });

  it("leaves a batch held by a runner that died to the others once its lease lapses", async () => {
    const { merchantId, references, due, state } = await dueTransfers(3);
    const died = await claimDueRows(db(), "Transfer", {
      due: Prisma.sql`"merchantId" = ${merchantId} AND "status" = 'pending' AND "dueAt" <= ${due}::timestamp(3)`,
      orderBy: Prisma.sql`"dueAt"`,
      limit: 10,
      now: due,
    });
    expect(died.ids).toHaveLength(3);
    await sendDueMoneyOut(db(), TRANSFER_KIND, { now: due });
    expect((await state()).transfers.every((t) => t.status === "pending")).toBe(true);

    const afterLease = new Date(due.getTime() + CLAIM_LEASE_MS);
    await sendDueMoneyOut(db(), TRANSFER_KIND, { now: afterLease });
    const { transfers, events } = await state();
    expect(transfers.map((t) => t.status)).toEqual(references.map(() => "completed"));
    expect(events).toHaveLength(3);
    await expectLedgerBalanced();
  });
});
