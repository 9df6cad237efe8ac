import type { DbClient } from "@/lib/core/db/client";
import { toDepositDetailJson } from "@/lib/features/deposits/transform-deposit";
import { notFound } from "@/lib/core/errors/domain-error";
import { depositTimeline, linkTimeline, withOtpTries } from "@/lib/features/links/payment-timeline";
import { toPaymentLinkJson } from "@/lib/features/links/transform-link";
import { deliveriesFor } from "@/lib/features/webhooks/list-deliveries";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { paymentRefunds } from "@/lib/features/refunds/payment-refunds";

/**
 * One of the member's links with its timeline, checkout attempts, refunds (and what can still be
 * refunded) and webhook deliveries (its refunds' included). Another
 * merchant's or environment's link is not found (404/40004), as in the API.
 */
export async function getPaymentLinkDetail(client: DbClient, scope: MerchantScope, reference: string, origin: string) {
  const link = await client.paymentLink.findFirst({
    where: { reference, merchantId: scope.merchantId, environment: scope.environment },
    include: { attempts: { orderBy: { createdAt: "asc" }, include: withOtpTries } },
  });
  if (!link) throw notFound("Payment link", reference);
  const timeline = [...linkTimeline(link), ...link.attempts.flatMap(depositTimeline)].sort((a, b) => a.at.localeCompare(b.at));
  const { refundable, refunds } = await paymentRefunds(client, scope, link.reference, link.attempts.map((a) => a.id));
  const references = [link.reference, ...link.attempts.flatMap((a) => [a.reference, ...(a.validatedReference ? [a.validatedReference] : [])]), ...refunds.map((r) => r.reference)];
  return {
    link: toPaymentLinkJson(link, origin, link.attempts),
    attempts: link.attempts.map(toDepositDetailJson),
    timeline,
    refundable,
    refunds,
    webhooks: await deliveriesFor(client, scope.merchantId, references),
  };
}
