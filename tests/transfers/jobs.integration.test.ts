import { InngestTestEngine } from "@inngest/test";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { sendScheduledTransfersJob } from "@/lib/features/jobs/functions/send-scheduled-transfers-job";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { nextBatchTime } from "@/lib/features/transfers/next-batch-time";
import { call } from "../helpers/api-client";
import { newMerchant } from "../helpers/fixtures";
import { fundMerchant } from "../helpers/fund-merchant";
import { expectLedgerBalanced } from "../helpers/ledger-invariant";

const scheduled = { amount: 1000, currency: "XOF", gatewayName: "BANK_TRANSFER_UEMOA", beneficiaryPhone: "+2250700000444", country: "CI" };

afterEach(expectLedgerBalanced);

async function scheduledTransfer(phone = scheduled.beneficiaryPhone) {
  const m = await newMerchant();
  await fundMerchant(m.sandboxKey, [5000]);
  const res = await call("POST", "/test/api/v4/transfers/instant", { key: m.sandboxKey, body: { ...scheduled, beneficiaryPhone: phone } });
  expect(res.status).toBe(200);
  return { m, reference: res.body.reference as string };
}
const status = async (m: { sandboxKey: string }, reference: string) =>
  (await call("GET", `/test/api/v4/transfers/${reference}`, { key: m.sandboxKey })).body.status;

describe("sending SCHEDULED transfers", () => {
  it("batches leave at the top of the period", () => {
    expect(nextBatchTime(new Date("2026-11-22T10:15:00Z"), 60).toISOString()).toBe("2026-11-22T11:00:00.000Z");
    expect(nextBatchTime(new Date("2026-11-22T11:00:00Z"), 60).toISOString()).toBe("2026-11-22T12:00:00.000Z");
    expect(nextBatchTime(new Date("2026-11-22T10:15:00Z"), 15).toISOString()).toBe("2026-11-22T10:30:00.000Z");
  });

  it("the embedded runner's runDueWork sends a batch once it is due, and a declined one gives the money back", async () => {
    const paid = await scheduledTransfer();
    const declined = await scheduledTransfer("+2250700000111");
    // The batch time has come (moving the clock instead would expire other tests' rows on a shared database).
    await db().transfer.updateMany({ where: { reference: { in: [paid.reference, declined.reference] } }, data: { dueAt: new Date(Date.now() - 1000) } });
    const report = await runDueWork(db());
    expect(report.transfersSettled).toBeGreaterThanOrEqual(2);
    expect(await status(paid.m, paid.reference)).toBe("completed");
    expect(await status(declined.m, declined.reference)).toBe("failed");
    const balance = await call("GET", "/test/api/v4/merchant/balance", { key: declined.m.sandboxKey });
    expect(balance.body.balances).toEqual([{ currency: "XOF", available: 5000, pending: 0 }]);
  });

  it("the Inngest cron sends what is due", async () => {
    const { m, reference } = await scheduledTransfer();
    // The batch time has come.
    await db().transfer.update({ where: { reference }, data: { dueAt: new Date(Date.now() - 1000) } });
    const { result } = await new InngestTestEngine({ function: sendScheduledTransfersJob }).execute();
    expect((result as { settled: number }).settled).toBeGreaterThanOrEqual(1);
    expect(await status(m, reference)).toBe("completed");
  });
});
