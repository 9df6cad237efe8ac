import type { DbClient } from "@/lib/core/db/client";
import { toMajor } from "@/lib/core/domain/money";
import { notFound } from "@/lib/core/errors/domain-error";
import { validationError } from "@/lib/core/errors/validation-errors";
import { createPaymentLink } from "@/lib/features/links/create-payment-link";
import { createPaymentLinkSchema } from "@/lib/core/schemas/payment-link";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

/**
 * "Duplicate link": a new link with the source's amount, currency, description and settings
 * (callbackUrl, returnUrl, the same lifetime), for the next customer. Not copied: the customer
 * fields (the new link is for someone else) and metadata (it names the source's order on the
 * merchant's server, which a second payment must not be taken for).
 *
 * The copy is a creation like any other: the same schema (the limits of the day, e.g. a lifetime
 * the environment no longer allows is refused with its 400) and the same create code as the API
 * and the form. Another merchant's or environment's link is not found (404/40004).
 */
export async function duplicatePaymentLink(client: DbClient, scope: MerchantScope, reference: string, now = new Date()) {
  const source = await client.paymentLink.findFirst({ where: { reference, merchantId: scope.merchantId, environment: scope.environment } });
  if (!source) throw notFound("Payment link", reference);
  const input: Record<string, unknown> = {
    amount: toMajor(source.amountMinor, source.currency),
    currency: source.currency,
    description: source.description,
    expiresIn: Math.round((source.expiresAt.getTime() - source.createdAt.getTime()) / 1000),
    ...(source.callbackUrl ? { callbackUrl: source.callbackUrl } : {}),
    ...(source.returnUrl ? { returnUrl: source.returnUrl } : {}),
  };
  const parsed = createPaymentLinkSchema(scope.environment).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, input);
  return createPaymentLink(client, { merchantId: scope.merchantId, environment: scope.environment, input: parsed.data, now });
}
