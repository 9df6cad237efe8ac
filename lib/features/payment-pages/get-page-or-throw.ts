import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { notFound } from "@/lib/core/errors/domain-error";

/**
 * A merchant's page in one environment. Another merchant's page, or the other environment's, is
 * answered exactly like an unknown one (404/40004), so references leak nothing.
 */
export async function getPageOrThrow(client: DbClient, options: { reference: string; merchantId: string; environment: Environment }) {
  const page = await client.paymentPage.findUnique({ where: { reference: options.reference } });
  if (!page || page.merchantId !== options.merchantId || page.environment !== options.environment) {
    throw notFound("Payment page", options.reference);
  }
  return page;
}
