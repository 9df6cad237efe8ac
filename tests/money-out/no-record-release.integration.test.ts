import { describe, expect, it } from "vitest";
import { db, type DbClient } from "@/lib/core/db/client";
import { OPERATOR_FOLLOW_MS } from "@/lib/core/domain/operator-polling";
import { stepReleasedMoneyOut } from "@/lib/features/money-out/follow-released";
import { readEveryOpenOutcome } from "@/lib/features/reconciliation/read-every-open-outcome";
import { reconcileOperatorOutcomes } from "@/lib/features/reconciliation/reconcile-operator-outcomes";
import { bookLateSuccess } from "@/lib/features/money-out/book-late-success";
import { REFUND_KIND } from "@/lib/features/refunds/refund-kind";
import { refundForGateway, refundOperator } from "@/lib/features/refunds/refund-operator";
import { payoutForGateway, TRANSFER_KIND } from "@/lib/features/transfers/transfer-kind";
import { livePayoutAdapter } from "@/lib/integrations/gateways/live-adapters";
import { call } from "../helpers/api-client";
import { availableBalance, fundLiveMerchant } from "../helpers/fund-merchant";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { secondProcess } from "../helpers/second-process";
import { staffSession, type StaffSession } from "../helpers/staff-session";
import { useOperatorFakes } from "../helpers/operator-fakes";
import type { MtnScript } from "../fakes/mtn-momo-fake";

// Issue 46, item 1: "no record" at the operator releases a payout's or a refund's funds only on
// two reads an hour apart (MONEY_OUT_NO_RECORD_SPACING_MS) past the follow window, however often
// it is read meanwhile (`npm run reconcile` twice, "ask the operators now" beside the hourly
// sweep); a released one is still read for days, and an operator that shows it paid after all
// books it again, once, for support and the admins to see. MTN here records the payout (or the
// refund) but shows it only when the test says (the fake's show()), as its reads may lag.

const operators = useOperatorFakes();
const merchant = merchantCheckedAfterEach();
const at = (from: Date, ms: number) => new Date(from.getTime() + ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let n = 0;
function mtnParty(script: MtnScript = {}) {
  const msisdn = `22507${String(Date.now() % 1e6).padStart(6, "0")}${String(++n).padStart(2, "0")}`;
  operators().mtn.script(msisdn, { customer: "approve", callback: "none", ...script });
  return msisdn;
}
const mtnMoves = (kind: "transfer" | "refund", reference: string) => [...operators().mtn.transactions.values()].filter((t) => t.kind === kind && t.body.externalId === reference);
/** `npm run reconcile` (or "ask the operators now") with its clock at `now`: every open outcome read, whatever its schedule. */
const readEverything = (now: Date, client: DbClient = db()) => readEveryOpenOutcome(client, () => now);
const journals = async (reference: string, kind: string) => (await db().ledgerEntry.groupBy({ by: ["journalId"], where: { reference, kind } })).length;
const events = async (reference: string) => (await db().webhookEvent.findMany({ where: { reference }, orderBy: { id: "asc" } })).map((e) => e.type);
const mailsTo = (admin: StaffSession, reference: string) => db().outboxMail.count({ where: { to: admin.email.toLowerCase(), text: { contains: reference } } });

/** The support view's reconciliation report, as the page reads it. */
async function supportReport(staff: StaffSession) {
  const res = await call("GET", "/admin/api/reconciliation", { headers: { cookie: staff.cookie } });
  expect(res.status).toBe(200);
  return res.body as { open: { reference: string }[]; completedLate: { kind: string; reference: string; status: string }[] };
}

/**
 * The passes that released the funds before: past the window, two reads a moment apart, in each
 * way they happen (npm run reconcile twice; its loop beside the hourly sweep). The money stays held.
 */
async function twoPassesAMomentApart(first: Date) {
  await readEverything(first);
  await readEverything(at(first, 1000));
  await reconcileOperatorOutcomes(db(), at(first, 2000));
  await readEverything(at(first, 3000));
}

describe("a payout MTN took but does not show yet, past the follow window", () => {
  it("stays held on reads a moment apart, is released on a read an hour after the first, and a late SUCCESSFUL books it again once", async () => {
    const admin = await staffSession("admin");
    const support = await staffSession("support");
    await fundLiveMerchant(merchant().id, 10_000n);
    const before = await availableBalance(merchant().liveKey);
    const phone = mtnParty({ recordedAfterMs: Infinity });
    const sent = await call("POST", "/api/v4/transfers/instant", {
      key: merchant().liveKey,
      body: { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: `+${phone}`, country: "CI" },
    });
    expect([sent.status, sent.body.status]).toEqual([200, "pending"]);
    const reference = sent.body.reference as string;
    const held = await availableBalance(merchant().liveKey);
    expect(held).toBeLessThan(before);
    const transfer = () => db().transfer.findUniqueOrThrow({ where: { reference } });
    const created = (await transfer()).createdAt;

    // Past the window (and MTN's grace): "not found" once, then again and again within the hour.
    const first = at(created, OPERATOR_FOLLOW_MS + MINUTE);
    await twoPassesAMomentApart(first);
    expect(await transfer()).toMatchObject({ status: "pending", notFoundReads: 1, firstNoRecordAt: first });
    expect(await availableBalance(merchant().liveKey)).toBe(held);

    // An hour after the first "no record": the second one counts, the funds go back.
    await readEverything(at(first, HOUR));
    expect(await transfer()).toMatchObject({ status: "failed", failureReason: "operator_has_no_record", completedLateAt: null });
    expect((await transfer()).followUntil!.getTime()).toBeGreaterThan(at(first, 3 * 24 * HOUR).getTime());
    expect(await availableBalance(merchant().liveKey)).toBe(before);
    expect(mtnMoves("transfer", reference)).toHaveLength(1);

    // MTN shows it at last, SUCCESSFUL. Readers at once: the hourly sweep here, npm run reconcile
    // in another process (their leases keep them off each other's rows), and two readers of the row
    // itself, in both processes (as runners whose leases overlapped): the merchant is debited again, once.
    for (const move of mtnMoves("transfer", reference)) operators().mtn.show(move.referenceId);
    const released = await transfer();
    const other = secondProcess();
    try {
      const late = at(first, 2 * HOUR + MINUTE);
      const read = (client: DbClient) =>
        stepReleasedMoneyOut(client, "transfer", released, { adapter: livePayoutAdapter("MTN_MOMO_CI")!, item: payoutForGateway(released) }, (outcome) =>
          bookLateSuccess(client, TRANSFER_KIND, { id: released.id, outcome, now: late }),
        late);
      await Promise.all([read(db()), read(other.client), reconcileOperatorOutcomes(db(), late), readEverything(late, other.client)]);
    } finally {
      await other.close();
    }
    const paid = await transfer();
    expect(paid).toMatchObject({ status: "completed", failureReason: "operator_has_no_record" });
    expect(paid.completedLateAt).not.toBeNull();
    expect(paid.failedAt).not.toBeNull();
    expect(await availableBalance(merchant().liveKey)).toBe(held);
    expect(await journals(reference, "transfer_completed_late")).toBe(1);
    expect(await events(reference)).toEqual(["transfer.failed", "transfer.completed"]);
    expect(mtnMoves("transfer", reference)).toHaveLength(1);

    // Read again later: nothing more happens.
    await readEverything(at(first, 3 * HOUR));
    expect(await journals(reference, "transfer_completed_late")).toBe(1);
    expect(await availableBalance(merchant().liveKey)).toBe(held);

    // Support sees it on the reconciliation page; the admins were mailed.
    expect((await supportReport(support)).completedLate).toContainEqual(expect.objectContaining({ kind: "transfer", reference, status: "completed" }));
    expect(await mailsTo(admin, reference)).toBe(1);
    expect(await mailsTo(support, reference)).toBe(0);
  }, 30_000);
});

describe("a refund MTN took but does not show yet, past the follow window", () => {
  it("stays held on reads a moment apart, is released an hour after the first, and a late SUCCESSFUL books it again once", async () => {
    const admin = await staffSession("admin");
    // A live MTN payment of the merchant's customer, then the customer's refunds recorded late by MTN.
    const customer = mtnParty();
    const paid = await call("POST", "/api/v4/classic/deposit/initiate", {
      key: merchant().liveKey,
      body: { amount: 5000, currency: "XOF", customerPhone: `+${customer}`, country: "CI", gatewayName: "MTN_MOMO_CI" },
    });
    expect(paid.status).toBe(200);
    await reconcileOperatorOutcomes(db(), new Date(), { all: true });
    expect((await db().deposit.findFirstOrThrow({ where: { reference: paid.body.reference } })).status).toBe("completed");
    const before = await availableBalance(merchant().liveKey);
    operators().mtn.script(customer, { customer: "approve", callback: "none", recordedAfterMs: Infinity });

    const sent = await call("POST", "/api/v4/refunds", { key: merchant().liveKey, body: { paymentReference: paid.body.reference, amount: 2000 } });
    expect([sent.status, sent.body.status]).toEqual([200, "pending"]);
    const reference = sent.body.reference as string;
    const refund = () => db().refund.findUniqueOrThrow({ where: { reference } });
    expect((await refund()).method).toBe("operator_refund");
    const held = await availableBalance(merchant().liveKey);
    expect(held).toBe(before - 2000);
    const created = (await refund()).createdAt;

    const first = at(created, OPERATOR_FOLLOW_MS + MINUTE);
    await twoPassesAMomentApart(first);
    expect(await refund()).toMatchObject({ status: "pending", notFoundReads: 1, firstNoRecordAt: first });
    expect(await availableBalance(merchant().liveKey)).toBe(held);

    await readEverything(at(first, HOUR));
    expect(await refund()).toMatchObject({ status: "failed", failureReason: "operator_has_no_record", completedLateAt: null });
    expect(await availableBalance(merchant().liveKey)).toBe(before);

    for (const move of mtnMoves("refund", reference)) operators().mtn.show(move.referenceId);
    const released = await refund();
    const deposit = await db().deposit.findUniqueOrThrow({ where: { id: released.depositId } });
    const other = secondProcess();
    try {
      const late = at(first, 2 * HOUR + MINUTE);
      const read = (client: DbClient) =>
        stepReleasedMoneyOut(client, "refund", released, { adapter: refundOperator(released).adapter!, item: refundForGateway(released, deposit) }, (outcome) =>
          bookLateSuccess(client, REFUND_KIND, { id: released.id, outcome, now: late }),
        late);
      await Promise.all([read(db()), read(other.client), reconcileOperatorOutcomes(db(), late), readEverything(late, other.client)]);
    } finally {
      await other.close();
    }
    const done = await refund();
    expect(done.status).toBe("completed");
    expect(done.completedLateAt).not.toBeNull();
    expect(await availableBalance(merchant().liveKey)).toBe(held);
    expect(await journals(reference, "refund_completed_late")).toBe(1);
    expect(await events(reference)).toEqual(["refund.failed", "refund.completed"]);
    expect(mtnMoves("refund", reference)).toHaveLength(1);
    expect(await mailsTo(admin, reference)).toBe(1);
    expect((await supportReport(admin)).completedLate).toContainEqual(expect.objectContaining({ kind: "refund", reference, status: "completed" }));
  }, 30_000);
});
