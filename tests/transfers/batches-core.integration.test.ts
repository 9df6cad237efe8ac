import { Prisma, type Transfer } from "@prisma/client";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { eachDueRow } from "@/lib/core/db/each-due-row";
import { isOutcome } from "@/lib/core/errors/domain-error";
import { approveTransferBatch, cancelTransferBatch } from "@/lib/features/transfers/batches/approve-batch";
import { createTransferBatch } from "@/lib/features/transfers/batches/create-batch";
import { batchSummary } from "@/lib/features/transfers/batches/read-batch";
import { retryFailedLines } from "@/lib/features/transfers/batches/retry-failed-lines";
import { sendDueBatchLines } from "@/lib/features/transfers/batches/send-batch-lines";
import { newMerchant, waitUntilSandboxAnswerIsDue } from "../helpers/fixtures";
import { availableBalance, fundMerchant } from "../helpers/fund-merchant";
import { expectLedgerBalanced } from "../helpers/ledger-invariant";

// The batch core without HTTP (lib/features/transfers/batches): checked whole, maker-checker,
// money held at approval, each line its own transfer, the batch finished by its last line, a retry
// of the failed lines. The API, the dashboard and the operators' fakes have their own files.

const maker = { userId: "usr_maker", apiKeyId: null };
const checker = { userId: "usr_checker", apiKeyId: null };
const line = (reference: string, phone: string, amount = 1000) => ({ reference, amount, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: phone, country: "CI" });

async function refusalOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isOutcome(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

afterEach(expectLedgerBalanced);

describe("transfer batches: the core", () => {
  it("refuses a batch with bad lines whole, naming each line's field and rule, and writes nothing", async () => {
    const m = await newMerchant();
    await fundMerchant(m.sandboxKey, [10000]);
    const error = await refusalOf(
      createTransferBatch(db(), {
        merchantId: m.id,
        environment: "sandbox",
        maker,
        input: {
          items: [
            line("a", "+2250700000444"),
            line("b", "+221770000444"),
            { ...line("a", "+2250700000555") },
            { ...line("c", "+2250700000666"), amount: -5 },
            { ...line("d", "+2250700000777"), gatewayName: "NOPE" },
            line("e", "+2250700000444"),
          ],
        },
      }),
    );
    expect(error.kind).toBe("invalid");
    expect(error.lines?.map((l) => [l.line, l.field, l.rule])).toEqual([
      [2, "beneficiaryPhone", "phone_country"],
      [3, "reference", "duplicate_in_batch"],
      [4, "amount", "too_small"],
      [5, "gatewayName", "not_enabled"],
      [6, "beneficiaryPhone", "duplicate_in_batch"],
    ]);
    expect(await db().transferBatch.count({ where: { merchantId: m.id } })).toBe(0);
  });

  it("two batches naming one new reference at the same instant: one is made, the other refused (never a 500)", async () => {
    const m = await newMerchant();
    await fundMerchant(m.sandboxKey, [10000]);
    const made = await Promise.allSettled([1, 2, 3].map(() => createTransferBatch(db(), { merchantId: m.id, environment: "sandbox", maker, input: { items: [line("same", "+2250700000444")] } })));
    expect(made.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const refusal of made.filter((r) => r.status === "rejected")) expect(isOutcome((refusal as PromiseRejectedResult).reason)).toBe(true);
    expect(await db().transferBatchLine.count({ where: { merchantId: m.id, activeReference: "same" } })).toBe(1);
  });

  it("refuses a batch the balance does not cover, holds nothing until approved by another member, then pays each line once", async () => {
    const m = await newMerchant();
    await fundMerchant(m.sandboxKey, [5000]);
    const tooMuch = await refusalOf(
      createTransferBatch(db(), { merchantId: m.id, environment: "sandbox", maker, input: { items: [line("x1", "+2250700000444", 3000), line("x2", "+2250700000445", 3000)] } }),
    );
    expect([tooMuch.kind, tooMuch.rule]).toEqual(["insufficient_balance", "exceeds_available_balance"]);

    const batch = await createTransferBatch(db(), {
      merchantId: m.id,
      environment: "sandbox",
      maker,
      input: { title: "Salaires", items: [line("s1", "+2250700000444"), line("s2", "+2250700000333"), line("s3", "+2250700000446")] },
    });
    expect(batch.status).toBe("awaiting_approval");
    expect(await availableBalance(m.sandboxKey)).toBe(5000);
    // The maker cannot approve alone; a second member can, once.
    expect((await refusalOf(approveTransferBatch(db(), { merchantId: m.id, environment: "sandbox", reference: batch.reference, approver: maker }))).rule).toBe("maker_cannot_approve");
    const approvals = await Promise.allSettled([
      approveTransferBatch(db(), { merchantId: m.id, environment: "sandbox", reference: batch.reference, approver: checker }),
      approveTransferBatch(db(), { merchantId: m.id, environment: "sandbox", reference: batch.reference, approver: { userId: "usr_third", apiKeyId: null } }),
    ]);
    expect(approvals.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    expect(await db().transfer.count({ where: { batchId: batch.id } })).toBe(3);
    const fees = (await db().transfer.findMany({ where: { batchId: batch.id } })).reduce((sum, t) => sum + Number(t.feesMinor), 0);
    expect(await availableBalance(m.sandboxKey)).toBe(5000 - 3000 - fees);

    await waitUntilSandboxAnswerIsDue();
    await sendDueBatchLines(db());
    const done = await db().transferBatch.findUniqueOrThrow({ where: { id: batch.id } });
    expect(done.status).toBe("completed_with_failures");
    const summary = await batchSummary(db(), batch.id);
    expect(summary.counts).toMatchObject({ completed: 2, failed: 1, pending: 0 });
    const events = await db().webhookEvent.findMany({ where: { merchantId: m.id, type: "transfer_batch.completed" } });
    expect(events).toHaveLength(1);
    const failedFees = Number((await db().transfer.findFirstOrThrow({ where: { batchId: batch.id, status: "failed" } })).feesMinor);
    expect(await availableBalance(m.sandboxKey)).toBe(5000 - 2000 - (fees - failedFees));

    // Released on its operator's silence, it is still read there and may yet show paid: not sent again until that is over.
    const failedLine = await db().transfer.findFirstOrThrow({ where: { batchId: batch.id, status: "failed" } });
    await db().transfer.update({ where: { id: failedLine.id }, data: { followUntil: new Date(Date.now() + 86_400_000) } });
    expect((await refusalOf(retryFailedLines(db(), { merchantId: m.id, environment: "sandbox", reference: batch.reference, maker }))).details).toMatch(/still read at their operator/);
    await db().transfer.update({ where: { id: failedLine.id }, data: { followUntil: null } });

    // The failed line again, in a batch of its own; twice at once makes one.
    const retries = await Promise.allSettled([1, 2].map(() => retryFailedLines(db(), { merchantId: m.id, environment: "sandbox", reference: batch.reference, maker })));
    const made = retries.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(made).toHaveLength(1);
    const lines = await db().transferBatchLine.findMany({ where: { batchId: made[0]!.id } });
    expect(lines.map((l) => l.reference)).toEqual(["s2"]);
    // Its reference is taken now: another batch naming it is refused, at once or made at the same instant.
    const twins = await Promise.allSettled([1, 2].map(() => createTransferBatch(db(), { merchantId: m.id, environment: "sandbox", maker, input: { items: [line("s2", "+2250700000333")] } })));
    expect(twins.map((t) => (t.status === "rejected" && isOutcome(t.reason) ? t.reason.kind : t.status))).toEqual(["invalid", "invalid"]);
    const cancelled = await cancelTransferBatch(db(), { merchantId: m.id, environment: "sandbox", reference: made[0]!.reference, approver: maker });
    expect(cancelled.status).toBe("cancelled");
  });

  it("audits the making, the approval, the retry and the cancelling, and each line sends its own transfer webhook naming its line", async () => {
    const m = await newMerchant();
    await fundMerchant(m.sandboxKey, [10000]);
    const batch = await createTransferBatch(db(), { merchantId: m.id, environment: "sandbox", maker, input: { items: [line("w1", "+2250700000444"), line("w2", "+2250700000333")] } });
    await approveTransferBatch(db(), { merchantId: m.id, environment: "sandbox", reference: batch.reference, approver: checker });
    await waitUntilSandboxAnswerIsDue();
    await sendDueBatchLines(db());

    // As for a single transfer: one event per line, by its transfer's reference, with the line's own reference.
    const transfers = await db().transfer.findMany({ where: { batchId: batch.id }, orderBy: { reference: "asc" } });
    const events = await db().webhookEvent.findMany({ where: { merchantId: m.id, type: { startsWith: "transfer." } } });
    expect(events.map((e) => [e.type, e.reference]).sort()).toEqual(transfers.map((t) => [`transfer.${t.status}`, t.reference]).sort());
    expect(transfers.map((t) => t.batchLineReference).sort()).toEqual(["w1", "w2"]);
    const named = events.map((e) => JSON.parse(e.payload) as { reference: string; batchLineReference?: string });
    expect(named.map((p) => [p.reference, p.batchLineReference]).sort()).toEqual(transfers.map((t) => [t.reference, t.batchLineReference]).sort());

    const retry = await retryFailedLines(db(), { merchantId: m.id, environment: "sandbox", reference: batch.reference, maker });
    await cancelTransferBatch(db(), { merchantId: m.id, environment: "sandbox", reference: retry.reference, approver: maker });
    const audit = await db().auditEntry.findMany({ where: { targetType: "transfer_batch", targetId: { in: [batch.reference, retry.reference] } }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.targetId, (a.details as { by: unknown }).by])).toEqual([
      ["transfer_batch.created", batch.reference, maker],
      ["transfer_batch.approved", batch.reference, checker],
      ["transfer_batch.retry_created", retry.reference, maker],
      ["transfer_batch.cancelled", retry.reference, maker],
    ]);
    expect(audit.every((a) => (a.details as { merchantId: string }).merchantId === m.id)).toBe(true);
  });
});

describe("transfer batches: the pace per operator", () => {
  it("keeps each key's rows in flight at once within its own concurrency, the keys side by side", async () => {
    const m = await newMerchant();
    await fundMerchant(m.sandboxKey, [20000]);
    const items = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => line(`p${n}`, `+22507000004${n}0`, n % 2 ? 1000 : 1500));
    const batch = await createTransferBatch(db(), { merchantId: m.id, environment: "sandbox", maker, input: { items } });
    await approveTransferBatch(db(), { merchantId: m.id, environment: "sandbox", reference: batch.reference, approver: checker });

    // Two "operators" by amount: one tolerates one payout at a time, the other three.
    const keyOf = (t: { amountMinor: bigint }) => (t.amountMinor === 1000n ? "slow" : "fast");
    const limit: Record<string, number> = { slow: 1, fast: 3 };
    const inFlight = { slow: 0, fast: 0 } as Record<string, number>;
    const most = { slow: 0, fast: 0 } as Record<string, number>;
    const result = await eachDueRow<Transfer>(
      db(),
      "Transfer",
      { due: Prisma.sql`"batchId" = ${batch.id} AND "status" = 'pending'`, orderBy: Prisma.sql`"id"`, limit: 100, now: new Date() },
      {
        load: (ids) => db().transfer.findMany({ where: { id: { in: ids } } }),
        pace: { keyOf, concurrency: (key) => limit[key]! },
        work: async (row) => {
          const key = keyOf(row);
          most[key] = Math.max(most[key]!, ++inFlight[key]!);
          await new Promise((resolve) => setTimeout(resolve, 30));
          inFlight[key]!--;
          return true;
        },
        failed: (_row, error) => {
          throw error;
        },
      },
    );
    expect(result).toEqual({ claimed: 8, counted: 8 });
    expect(most).toEqual({ slow: 1, fast: 3 });
  });
});
