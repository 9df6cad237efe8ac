import type { Deposit } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { depositTimeline, linkTimeline, withOtpTries } from "@/lib/features/links/payment-timeline";
import { notFound } from "@/lib/core/errors/domain-error";
import { toDepositDetailJson } from "@/lib/features/deposits/transform-deposit";
import { toPaymentLinkJson } from "@/lib/features/links/transform-link";
import { deliveriesFor } from "@/lib/features/webhooks/list-deliveries";
import { toMajor } from "@/lib/core/domain/money";
import { formatFractionalSecondsOrNull as stamp } from "@/lib/core/domain/time";
import { refundSummary } from "@/lib/core/domain/support-rows";

/**
 * A live deposit's follow-up at its operator (lib/features/reconciliation/): until when it is read, when
 * next, what the operator last said and why the customer's last try failed. Null when there was
 * never any (the sandbox, or a deposit no operator was asked about).
 */
function followUp(d: Deposit) {
  if (!d.followUntil && !d.operatorAnswer && !d.operatorCheckedAt && !d.lastTryFailure) return null;
  return {
    followUntil: stamp(d.followUntil),
    // No more automatic reads once the follow window is over, or while the deposit is held.
    nextCheckAt: d.followUntil && !d.heldReason ? stamp(d.nextCheckAt) : null,
    operatorAnswer: d.operatorAnswer,
    operatorCheckedAt: stamp(d.operatorCheckedAt),
    lastTryFailure: d.lastTryFailure,
  };
}

/** A deposit held for support because its operator reported other figures than ours (lib/features/deposits/resolve-held-deposit.ts), with both. */
function hold(d: Deposit) {
  if (!d.heldReason) return null;
  const operatorCurrency = d.operatorCurrency ?? d.currency;
  return {
    reason: d.heldReason,
    heldAt: stamp(d.heldAt),
    // Ours: what the customer was asked to pay (amount + fees); the operator's: what it says it took.
    ourAmount: toMajor(d.amountMinor + d.feesMinor, d.currency),
    ourCurrency: d.currency,
    operatorAmount: d.operatorAmountMinor === null ? null : toMajor(d.operatorAmountMinor, operatorCurrency),
    operatorCurrency,
  };
}

/**
 * Support sees what the operator knows the payment by (merchants do not: the API's deposit has no
 * such fields): our request id (MTN X-Reference-Id, Wave session id) and the operator's transaction
 * id; and, for a live one, its follow-up and hold.
 */
const forSupport = (d: Deposit) => ({
  ...toDepositDetailJson(d),
  // The operator it was made through (its plug-in's id), whoever serves its gateway now.
  operator: d.operator,
  operatorRequestId: d.operatorRequestId,
  operatorReference: d.operatorReference,
  // What the operator charged the platform for taking it (pawaPay's, at our contract's price), out of our fee.
  operatorFee: d.operatorFeeMinor === null ? null : toMajor(d.operatorFeeMinor, d.currency),
  followUp: followUp(d),
  hold: hold(d),
});

/** The refunds of a payment's deposits (a link's attempts, the refunds due of extra ones included), newest first. */
async function refundsOf(client: DbClient, depositIds: string[]) {
  const refunds = await client.refund.findMany({ where: { depositId: { in: depositIds } }, orderBy: { id: "desc" } });
  return refunds.map(refundSummary);
}

/** Everything about one payment for support: fields, follow-up and hold, attempts (links), refunds, timeline, webhook deliveries. */
export async function paymentDetail(client: DbClient, reference: string, origin: string) {
  const link = await client.paymentLink.findUnique({
    where: { reference },
    include: { merchant: { select: { id: true, name: true } }, attempts: { orderBy: { createdAt: "asc" }, include: withOtpTries } },
  });
  if (link) {
    const timeline = [...linkTimeline(link), ...link.attempts.flatMap(depositTimeline)].sort((a, b) => a.at.localeCompare(b.at));
    return {
      kind: "link" as const,
      environment: link.environment,
      merchant: link.merchant,
      payment: toPaymentLinkJson(link, origin, link.attempts),
      attempts: link.attempts.map(forSupport),
      refunds: await refundsOf(client, link.attempts.map((a) => a.id)),
      timeline,
      webhooks: await deliveriesFor(client, link.merchantId, [link.reference]),
    };
  }
  const deposit = await client.deposit.findFirst({
    where: { OR: [{ reference }, { validatedReference: reference }] },
    include: { merchant: { select: { id: true, name: true } }, ...withOtpTries },
  });
  if (!deposit) throw notFound("Payment");
  return {
    kind: "deposit" as const,
    environment: deposit.environment,
    merchant: deposit.merchant,
    payment: forSupport(deposit),
    attempts: [],
    refunds: await refundsOf(client, [deposit.id]),
    timeline: depositTimeline(deposit),
    webhooks: await deliveriesFor(client, deposit.merchantId, [deposit.reference, ...(deposit.validatedReference ? [deposit.validatedReference] : [])]),
  };
}
