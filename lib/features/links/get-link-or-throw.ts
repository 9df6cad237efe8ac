import { directSql, type DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { notFound } from "@/lib/core/errors/domain-error";
import type { PaymentLink } from "@prisma/client";
import { findLinkAttempts, type LinkAttempt } from "./link-attempts";
import { findPaymentLink, findPaymentLinkWithAttempts } from "./payment-link-sql";

/**
 * A merchant's link in one environment. Another merchant's link, or the other environment's,
 * is answered exactly like an unknown one, so references leak nothing.
 */
export async function getLinkOrThrow(client: DbClient, options: LinkOptions) {
  // Outside a transaction the read skips Prisma: merchants poll it to verify a payment.
  const sql = directSql(client);
  const link = sql
    ? await findPaymentLink(sql, options.reference)
    : await client.paymentLink.findUnique({ where: { reference: options.reference } });
  return owned(link, options);
}

/** The link and its checkout attempts (each its own deposit), as the API's link read shows them. */
export async function getLinkWithAttemptsOrThrow(client: DbClient, options: LinkOptions): Promise<{ link: PaymentLink; attempts: LinkAttempt[] }> {
  const sql = directSql(client);
  if (sql) {
    const found = await findPaymentLinkWithAttempts(sql, options.reference);
    owned(found?.link ?? null, options);
    return found!;
  }
  const link = owned(await client.paymentLink.findUnique({ where: { reference: options.reference } }), options);
  return { link, attempts: await findLinkAttempts(client, link.id) };
}

type LinkOptions = { reference: string; merchantId: string; environment: Environment };

function owned(link: PaymentLink | null, options: LinkOptions): PaymentLink {
  if (!link || link.merchantId !== options.merchantId || link.environment !== options.environment) {
    throw notFound("Payment link");
  }
  return link;
}
