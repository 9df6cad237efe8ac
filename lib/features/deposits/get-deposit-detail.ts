import type { DbClient } from "@/lib/core/db/client";
import { toDepositDetailJson } from "@/lib/features/deposits/transform-deposit";
import { notFound } from "@/lib/core/errors/domain-error";
import { depositTimeline, withOtpTries } from "@/lib/features/links/payment-timeline";
import { deliveriesFor } from "@/lib/features/webhooks/list-deliveries";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { paymentRefunds } from "@/lib/features/refunds/payment-refunds";

/** One of the member's deposits (by its reference or validated reference) with timeline, refunds (and what can still be refunded) and webhook deliveries; anyone else's is 404. */
export async function getDepositDetail(client: DbClient, scope: MerchantScope, reference: string) {
  const deposit = await client.deposit.findFirst({
    where: { merchantId: scope.merchantId, environment: scope.environment, OR: [{ reference }, { validatedReference: reference }] },
    include: { ...withOtpTries, paymentLink: { select: { reference: true } } },
  });
  if (!deposit) throw notFound("Deposit", reference);
  const { refundable, refunds } = await paymentRefunds(client, scope, deposit.validatedReference ?? deposit.reference, [deposit.id]);
  return {
    deposit: toDepositDetailJson(deposit),
    paymentLinkReference: deposit.paymentLink?.reference ?? null,
    timeline: depositTimeline(deposit),
    refundable,
    refunds,
    webhooks: await deliveriesFor(client, scope.merchantId, [deposit.reference, ...(deposit.validatedReference ? [deposit.validatedReference] : []), ...refunds.map((r) => r.reference)]),
  };
}
