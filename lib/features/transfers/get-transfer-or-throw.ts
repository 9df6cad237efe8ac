import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { notFound } from "@/lib/core/errors/domain-error";
import { sendDueTransfer } from "./transfer-kind";

/** A merchant's transfer, brought up to date; another merchant's or environment's is "not found". */
export async function getTransferOrThrow(client: DbClient, options: { reference: string; merchantId: string; environment: Environment }) {
  const transfer = await client.transfer.findUnique({ where: { reference: options.reference } });
  if (!transfer || transfer.merchantId !== options.merchantId || transfer.environment !== options.environment) {
    throw notFound("Transfer");
  }
  return sendDueTransfer(client, transfer);
}
