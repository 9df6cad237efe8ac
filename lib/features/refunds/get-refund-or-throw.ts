import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { notFound } from "@/lib/core/errors/domain-error";

/** A merchant's refund; another merchant's or environment's is "not found", like an unknown one. */
export async function getRefundOrThrow(client: DbClient, options: { reference: string; merchantId: string; environment: Environment }) {
  const refund = await client.refund.findUnique({ where: { reference: options.reference } });
  if (!refund || refund.merchantId !== options.merchantId || refund.environment !== options.environment) throw notFound("Refund", options.reference);
  return refund;
}
