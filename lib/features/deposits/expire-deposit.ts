import type { DbClient } from "@/lib/core/db/client";
import { syncDepositWithGateway } from "./sync-deposit-with-gateway";

/**
 * The expiry job for one deposit: once it is due, its operator's last answer still wins over the
 * expiry (a payment approved at the last second completes it); otherwise it expires. Returns the
 * status it now has, or null for an unknown id.
 */
export async function expireDeposit(client: DbClient, options: { id: string; now?: Date }) {
  const deposit = await client.deposit.findUnique({ where: { id: options.id } });
  if (!deposit) return null;
  return (await syncDepositWithGateway(client, deposit, options.now ?? new Date())).status;
}
