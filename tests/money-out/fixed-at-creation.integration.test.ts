import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { reconcileOperatorOutcomes } from "@/lib/features/reconciliation/reconcile-operator-outcomes";
import { stepLiveMoneyOut } from "@/lib/features/money-out/send-due-money-out";
import { REFUND_KIND } from "@/lib/features/refunds/refund-kind";
import { call } from "../helpers/api-client";
import { availableBalance, fundLiveMerchant } from "../helpers/fund-merchant";
import { validLink } from "../helpers/fixtures";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { useOperatorFakes } from "../helpers/operator-fakes";

// Issue 46, items 4 and 6: what a send of money out depends on is fixed when its row is made, not
// derived again at each send: a refund's method (a Wave session refund or a payout), and the
// request id of a payout that an operator sends at its SCHEDULED batch.

const operators = useOperatorFakes();
const merchant = merchantCheckedAfterEach();
const at = (from: Date, ms: number) => new Date(from.getTime() + ms);
let n = 0;
function mtnCustomer(script: { recordedAfterMs?: number } = {}) {
  const msisdn = `22507${String(Date.now() % 1e6).padStart(6, "0")}${String(++n).padStart(2, "0")}`;
  operators().mtn.script(msisdn, { customer: "approve", callback: "none", ...script });
  return `+${msisdn}`;
}

describe("a Wave refund (item 4)", () => {
  const waveDeposits = { kind_name: { kind: "deposit" as const, name: "WAVE_CI" } };

  it("made as a session refund is sent again as one, even when the payment's figures changed between the sends: never also as a payout", async () => {
    // Without fees on the payment the merchant's refund of all of it is the whole charge: Wave's
    // session refund (with fees it is a payout of the amount).
    await db().gateway.update({ where: waveDeposits, data: { feePercent: 0 } });
    try {
      const link = (await call("POST", "/api/v4/payments/link", { key: merchant().liveKey, body: validLink })).body.reference as string;
      const started = await call("POST", `/api/checkout/${link}/attempts`, { body: { country: "CI", gatewayName: "WAVE_CI", customerPhone: "+2250700000444" }, headers: { "x-forwarded-for": "10.82.0.1" } });
      expect(started.status).toBe(200);
      const paid = await db().deposit.findFirstOrThrow({ where: { paymentLink: { reference: link } } });
      const sessionId = paid.operatorRequestId!;
      await operators().wave.pay(sessionId, { delivery: "none" });
      await reconcileOperatorOutcomes(db(), new Date(), { all: true });
      expect((await db().paymentLink.findUniqueOrThrow({ where: { reference: link } })).status).toBe("completed");

      // Wave makes the refund but its answer is lost (500 after acting).
      operators().wave.failNext({ process: true, status: 500 });
      const res = await call("POST", "/api/v4/refunds", { key: merchant().liveKey, body: { paymentReference: link } });
      expect([res.status, res.body.status]).toEqual([200, "pending"]);
      const refund = await db().refund.findUniqueOrThrow({ where: { reference: res.body.reference } });
      expect(refund.method).toBe("session_refund");
      expect(operators().wave.refunds.get(sessionId)).toBe(1);

      // The payment's figures change before the next send (support settling it on the operator's
      // figures): chosen again from them, the refund would no longer be "the whole charge".
      const deposit = await db().deposit.findUniqueOrThrow({ where: { id: refund.depositId } });
      await db().deposit.update({ where: { id: deposit.id }, data: { operatorAmountMinor: deposit.amountMinor + deposit.feesMinor + 100n, refundDueReason: "amount_mismatch" } });

      // Past Wave's grace the same request goes again: the session refund, which Wave deduplicates.
      await stepLiveMoneyOut(db(), REFUND_KIND, refund.id, at(refund.operatorSentAt!, 2 * 60_000));
      expect([...operators().wave.payouts.values()].filter((p) => p.client_reference === refund.reference)).toHaveLength(0);
      expect(operators().wave.refunds.get(sessionId)).toBe(1);
      expect(await db().refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({ status: "completed", method: "session_refund" });
      // (The figures were changed by hand, without their ledger postings: put back for the books check.)
      await db().deposit.update({ where: { id: deposit.id }, data: { operatorAmountMinor: deposit.operatorAmountMinor, refundDueReason: deposit.refundDueReason } });
    } finally {
      await db().gateway.update({ where: waveDeposits, data: { feePercent: 1 } });
    }
  }, 30_000);
});

describe("a SCHEDULED withdrawal gateway served by an operator (item 6)", () => {
  it("gets its request id when the transfer is made, and its batch sends it under that id, once", async () => {
    // No gateway of the catalog is both today: MTN's payouts as a SCHEDULED gateway (a batch a day).
    await db().gateway.update({ where: { kind_name: { kind: "withdrawal", name: "MTN_MOMO_CI" } }, data: { type: "SCHEDULED" } });
    try {
      await fundLiveMerchant(merchant().id, 10_000n);
      const before = await availableBalance(merchant().liveKey);
      const res = await call("POST", "/api/v4/transfers/instant", { key: merchant().liveKey, body: { amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: mtnCustomer(), country: "CI" } });
      expect([res.status, res.body.gatewayType, res.body.status]).toEqual([200, "SCHEDULED", "pending"]);
      const accepted = await db().transfer.findUniqueOrThrow({ where: { reference: res.body.reference } });
      // Stored before any call, as for a DIRECT payout: MTN's X-Reference-Id (a UUID v4).
      expect(accepted.operatorRequestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const sentToMtn = () => [...operators().mtn.transactions.values()].filter((t) => t.kind === "transfer" && t.body.externalId === accepted.reference);
      expect(sentToMtn()).toHaveLength(0);

      await runDueWork(db(), accepted.dueAt!, { parts: { settle: true, webhooks: false } });
      await reconcileOperatorOutcomes(db(), at(accepted.dueAt!, 60_000), { all: true });
      expect(sentToMtn().map((t) => t.referenceId)).toEqual([accepted.operatorRequestId]);
      expect((await db().transfer.findUniqueOrThrow({ where: { id: accepted.id } })).status).toBe("completed");
      expect(await availableBalance(merchant().liveKey)).toBeLessThan(before);
    } finally {
      await db().gateway.update({ where: { kind_name: { kind: "withdrawal", name: "MTN_MOMO_CI" } }, data: { type: "DIRECT" } });
    }
  }, 30_000);
});
