import type { DbClient } from "@/lib/db/client";
import type { Environment } from "@/lib/domain/environment";
import { notFound } from "@/lib/http/api-error";

/**
 * A merchant's link in one environment. Another merchant's link, or the other environment's,
 * is answered exactly like an unknown one, so references leak nothing.
 */
export async function getLinkOrThrow(client: DbClient, options: { reference: string; merchantId: string; environment: Environment }) {
  const link = await client.paymentLink.findUnique({ where: { reference: options.reference } });
  if (!link || link.merchantId !== options.merchantId || link.environment !== options.environment) {
    throw notFound("Payment link");
  }
  return link;
}
