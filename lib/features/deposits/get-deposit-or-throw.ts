import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { notFound } from "@/lib/core/errors/domain-error";
import { syncDepositWithGateway } from "./sync-deposit-with-gateway";

/**
 * A merchant's deposit by its reference, invoice reference or validated reference, brought up to
 * date with its operator and its expiry. Another merchant's or environment's is "not found".
 */
export async function getDepositOrThrow(client: DbClient, options: { reference: string; merchantId: string; environment: Environment }) {
  const deposit = await client.deposit.findFirst({
    where: { OR: [{ reference: options.reference }, { validatedReference: options.reference }] },
  });
  if (!deposit || deposit.merchantId !== options.merchantId || deposit.environment !== options.environment) {
    throw notFound("Deposit");
  }
  return syncDepositWithGateway(client, deposit);
}
