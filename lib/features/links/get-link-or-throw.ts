import { directSql, type DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { notFound } from "@/lib/core/errors/api-error";
import { findPaymentLink } from "./payment-link-sql";

/**
 * A merchant's link in one environment. Another merchant's link, or the other environment's,
 * is answered exactly like an unknown one, so references leak nothing.
 */
export async function getLinkOrThrow(client: DbClient, options: { reference: string; merchantId: string; environment: Environment }) {
  // Outside a transaction the read skips Prisma: merchants poll it to verify a payment.
  const sql = directSql(client);
  const link = sql
    ? await findPaymentLink(sql, options.reference)
    : await client.paymentLink.findUnique({ where: { reference: options.reference } });
  if (!link || link.merchantId !== options.merchantId || link.environment !== options.environment) {
    throw notFound("Payment link");
  }
  return link;
}
