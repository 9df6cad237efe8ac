import type { Deposit } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { depositTimeline, linkTimeline, withOtpTries } from "@/lib/links/payment-timeline";
import { notFound } from "@/lib/errors/api-error";
import { toDepositDetailJson } from "@/lib/deposits/transform-deposit";
import { toPaymentLinkJson } from "@/lib/links/transform-link";
import { deliveriesFor } from "@/lib/webhooks/list-deliveries";

/**
 * Support sees what the operator knows the payment by (merchants do not: the API's deposit has no
 * such fields): our request id (MTN X-Reference-Id, Wave session id) and the operator's transaction id.
 */
const forSupport = (d: Deposit) => ({
  ...toDepositDetailJson(d),
  operatorRequestId: d.operatorRequestId,
  operatorReference: d.operatorReference,
});

/** Everything about one payment for support: fields, timeline, attempts (links), webhook deliveries. */
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
      payment: toPaymentLinkJson(link, origin),
      attempts: link.attempts.map(forSupport),
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
    timeline: depositTimeline(deposit),
    webhooks: await deliveriesFor(client, deposit.merchantId, [deposit.reference, ...(deposit.validatedReference ? [deposit.validatedReference] : [])]),
  };
}
