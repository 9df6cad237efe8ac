import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/core/db/client";
import { OPERATOR_FOLLOW_MS } from "@/lib/core/domain/operator-polling";
import { syncDepositWithGateway } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { listOpenOutcomes } from "@/lib/features/reconciliation/list-open-outcomes";
import { reconcileOperatorOutcomes } from "@/lib/features/reconciliation/reconcile-operator-outcomes";
import { advanceRefund } from "@/lib/features/refunds/refund-kind";
import { acceptTransfer } from "@/lib/features/transfers/create-transfer";
import { call } from "../helpers/api-client";
import { availableBalance, fundLiveMerchant } from "../helpers/fund-merchant";
import { validLink } from "../helpers/fixtures";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { secondProcess } from "../helpers/second-process";
import { staffSession } from "../helpers/staff-session";
import { useOperatorFakes } from "../helpers/operator-fakes";
import type { MtnScript } from "../fakes/mtn-momo-fake";
import { newFormToken } from "@/lib/core/domain/form-token";

// Issue 33, defects 2 to 4: money out that an operator may have paid is never released on an
// ambiguous answer, two senders never work on one payout or refund, and a payout that cannot be
// sent never holds the queue forever. Against the operators' fakes, through the code the sweep,
// the reconciliation and support run.

const operators = useOperatorFakes();
afterEach(() => {
  operators().wave.switches.secondRefund = "idempotent";
});

const merchant = merchantCheckedAfterEach();
const at = (from: Date, ms: number) => new Date(from.getTime() + ms);
let n = 0;
function mtnBeneficiary(script: MtnScript = {}) {
  const msisdn = `22507${String(Date.now() % 1e6).padStart(6, "0")}${String(++n).padStart(2, "0")}`;
  operators().mtn.script(msisdn, { customer: "approve", callback: "none", ...script });
  return `+${msisdn}`;
}
const mtnTransfers = (reference: string) => [...operators().mtn.transactions.values()].filter((t) => t.kind === "transfer" && t.body.externalId === reference);
const payout = (beneficiaryPhone: string) => ({ amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone, country: "CI" });
const transfer = (reference: string) => db().transfer.findUniqueOrThrow({ where: { reference } });
/** One reconciliation pass at `now` that takes every open payout and refund, as `npm run reconcile` does. */
const reconcileAt = (now: Date) => reconcileOperatorOutcomes(db(), now, { all: true });

describe("an ambiguous answer to a resend (defect 2)", () => {
  it("is never read as 'no record': MTN shows the payout late, the funds stay held, and it completes once", async () => {
    await fundLiveMerchant(merchant().id, 10_000n);
    // MTN takes the payout but shows it only when the test says (show(), below); its answers to the
    // send and to the resend are 500s (after recording the first, before recording the second).
    const phone = mtnBeneficiary({ recordedAfterMs: Infinity });
    operators().mtn.serverErrorNext({ status: 500, recorded: true });
    const sent = await call("POST", "/api/v4/transfers/instant", { key: merchant().liveKey, body: payout(phone) });
    expect([sent.status, sent.body.status]).toEqual([200, "pending"]);
    const held = await availableBalance(merchant().liveKey);
    const created = (await transfer(sent.body.reference)).createdAt;

    // Past MTN's 10-minute grace: still 404, so the same X-Reference-Id goes again, and MTN answers 500.
    operators().mtn.serverErrorNext({ status: 500, recorded: false }, 2);
    await reconcileAt(at(created, 11 * 60_000));
    // The follow window is over: no more sends; MTN still shows nothing (404) on this read.
    await reconcileAt(at(created, OPERATOR_FOLLOW_MS + 60_000));
    const open = await transfer(sent.body.reference);
    expect(open.status).toBe("pending");
    expect(open.unresolvedAt).not.toBeNull();
    expect(await availableBalance(merchant().liveKey)).toBe(held);
    expect((await listOpenOutcomes(db(), { merchantId: merchant().id })).map((o) => [o.reference, o.state])).toContainEqual([sent.body.reference, "unresolved"]);

    // MTN shows it at last, SUCCESSFUL: one transfer at MTN, one completed payout, paid once.
    for (const sentToMtn of mtnTransfers(sent.body.reference)) operators().mtn.show(sentToMtn.referenceId);
    await reconcileAt(at(created, OPERATOR_FOLLOW_MS + 2 * 60 * 60_000));
    expect((await transfer(sent.body.reference)).status).toBe("completed");
    expect(mtnTransfers(sent.body.reference)).toHaveLength(1);
    expect(await availableBalance(merchant().liveKey)).toBe(held);
  }, 30_000);

  it("releases the funds only once MTN had no record on two reads after the follow window", async () => {
    await fundLiveMerchant(merchant().id, 10_000n);
    const before = await availableBalance(merchant().liveKey);
    // MTN refuses the send before recording it, with a 500 that does not say so.
    operators().mtn.serverErrorNext({ status: 500, recorded: false }, 3);
    const sent = await call("POST", "/api/v4/transfers/instant", { key: merchant().liveKey, body: payout(mtnBeneficiary()) });
    const created = (await transfer(sent.body.reference)).createdAt;
    await reconcileAt(at(created, 11 * 60_000)); // 404 past the grace: resent, 500 again
    await reconcileAt(at(created, OPERATOR_FOLLOW_MS + 60_000)); // no more sends: 404, once
    expect((await transfer(sent.body.reference)).status).toBe("pending");
    await reconcileAt(at(created, OPERATOR_FOLLOW_MS + 2 * 60 * 60_000)); // 404 again
    expect(await transfer(sent.body.reference)).toMatchObject({ status: "failed", failureReason: "operator_has_no_record" });
    expect(mtnTransfers(sent.body.reference)).toHaveLength(0);
    expect(await availableBalance(merchant().liveKey)).toBe(before);
  });
});

describe("two senders for one refund (defect 3)", () => {
  /** A live Wave payment owed back whole (a second payment of a paid link): its refund due, not sent yet. */
  async function refundDueOnWave() {
    const link = (await call("POST", "/api/v4/payments/link", { key: merchant().liveKey, body: validLink })).body.reference as string;
    const attempt = (gatewayName: string, customerPhone: string, cookie?: string) =>
      call("POST", `/api/checkout/${link}/attempts`, {
        body: { country: "CI", gatewayName, customerPhone },
        headers: { "x-forwarded-for": `10.81.0.${++n % 250}`, ...(cookie ? { cookie } : {}) },
      });
    const first = await attempt("WAVE_CI", "+2250700000444");
    const cookie = first.headers.get("set-cookie")!.split(";")[0];
    const waveAttempt = await db().deposit.findFirstOrThrow({ where: { paymentLink: { reference: link } } });
    // The same checkout switches to MTN, which pays the link; Wave cannot close the first session then.
    operators().wave.failNext({ status: 503 }, 2);
    await attempt("MTN_MOMO_CI", mtnBeneficiary(), cookie);
    // The background close has met Wave's first 503 before the reconciliation's read meets the second.
    const expireCalls = () => operators().wave.received.filter((r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${waveAttempt.operatorRequestId}/expire`);
    await vi.waitFor(() => expect(expireCalls()).toHaveLength(1), { timeout: 10_000, interval: 20 });
    await reconcileAt(new Date());
    // The customer pays the Wave session after all: a payment the platform owes back whole.
    await operators().wave.pay(waveAttempt.operatorRequestId!, { delivery: "none" });
    await syncDepositWithGateway(db(), await db().deposit.findUniqueOrThrow({ where: { id: waveAttempt.id } }), at(waveAttempt.expiresAt, 1));
    // (Recorded by this read, or by the checkout's own background close of the replaced session.)
    await expect.poll(() => db().refund.count({ where: { depositId: waveAttempt.id } }), { timeout: 5_000 }).toBe(1);
    const refund = await db().refund.findFirstOrThrow({ where: { depositId: waveAttempt.id } });
    expect(refund).toMatchObject({ status: "pending", method: "session_refund", operatorSentAt: null });
    return { refund, sessionId: waveAttempt.operatorRequestId! };
  }

  it("a second sender never sends it again, so Wave's refusal of a second refund never fails a refund Wave made", async () => {
    const { refund, sessionId } = await refundDueOnWave();
    // Wave refuses a second refund of a session; the first refund is made at once, its answer late.
    operators().wave.switches.secondRefund = "refused";
    operators().wave.failNext({ process: true, holdAnswerMs: 500 });
    const other = secondProcess();
    try {
      // The embedded runner and `npm run reconcile` (another process) take the same due refund at once.
      await Promise.all([advanceRefund(db(), refund, at(refund.dueAt!, 1)), advanceRefund(other.client, refund, at(refund.dueAt!, 1))]);
    } finally {
      await other.close();
    }
    expect(operators().wave.refunds.get(sessionId)).toBe(1);
    expect(operators().wave.received.filter((r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${sessionId}/refund`)).toHaveLength(1);
    expect(await db().refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({ status: "completed", sendAttempts: 1 });
  });
});

describe("a payout whose operator is no longer configured (defect 4)", () => {
  const withoutMtnPayouts = async <T,>(work: () => Promise<T>) => {
    const key = process.env.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY;
    delete process.env.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY;
    try {
      return await work();
    } finally {
      process.env.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY = key;
    }
  };

  it("fails at once with its reason and the funds back when it never left, instead of staying first in line", async () => {
    await fundLiveMerchant(merchant().id, 10_000n);
    const before = await availableBalance(merchant().liveKey);
    // Accepted (its funds held) while MTN payouts were configured; the request that would send it died.
    const accepted = await acceptTransfer(db(), { merchantId: merchant().id, environment: "live", input: payout(mtnBeneficiary()) });
    expect(await availableBalance(merchant().liveKey)).toBeLessThan(before);
    await withoutMtnPayouts(() => reconcileAt(at(accepted.dueAt!, 1)));
    expect(await transfer(accepted.reference)).toMatchObject({ status: "failed", failureReason: "operator_not_configured", operatorSentAt: null });
    expect(await availableBalance(merchant().liveKey)).toBe(before);
    expect(mtnTransfers(accepted.reference)).toHaveLength(0);
  });

  it("stays held when it may have left, goes to support past the window, and support can reject it", async () => {
    await fundLiveMerchant(merchant().id, 10_000n);
    const before = await availableBalance(merchant().liveKey);
    // Sent: MTN's answer is a 500 that does not say whether it took it (it did not).
    operators().mtn.serverErrorNext({ status: 500, recorded: false });
    const sent = await call("POST", "/api/v4/transfers/instant", { key: merchant().liveKey, body: payout(mtnBeneficiary()) });
    const created = (await transfer(sent.body.reference)).createdAt;
    const held = await availableBalance(merchant().liveKey);
    await withoutMtnPayouts(async () => {
      await reconcileAt(at(created, 60 * 60_000));
      const waiting = await transfer(sent.body.reference);
      expect(waiting.status).toBe("pending");
      // Back in line later, not first on every pass.
      expect(waiting.dueAt!.getTime()).toBeGreaterThan(at(created, 60 * 60_000).getTime());
      await reconcileAt(at(created, OPERATOR_FOLLOW_MS + 60_000));
    });
    expect((await transfer(sent.body.reference)).unresolvedAt).not.toBeNull();
    expect(await availableBalance(merchant().liveKey)).toBe(held);
    const admin = await staffSession("admin");
    const rejected = await call("POST", `/admin/api/transfers/${sent.body.reference}/reject`, {
      headers: { cookie: admin.cookie, "x-csrf-token": admin.csrf, origin: "http://pay.test", "idempotency-key": newFormToken() },
      body: { reason: "MTN statement: never received" },
    });
    expect([rejected.status, rejected.body.status]).toEqual([200, "failed"]);
    expect(await availableBalance(merchant().liveKey)).toBe(before);
  });
});
