import { db } from "@/lib/db/client";
import { newApiKeyRow, createMerchant } from "@/lib/merchants/create-merchant";
import type { Scope } from "@/lib/merchants/api-keys";
import type { Environment } from "@/lib/domain/environment";

let counter = 0;

/** A new merchant with its own keys: tests never share data. */
export async function newMerchant(name = `Test merchant ${++counter} ${Date.now()}`) {
  return createMerchant(db(), { name });
}

/** An extra key for a merchant, e.g. with fewer scopes or another role. */
export async function newKey(
  merchantId: string,
  environment: Environment,
  options: { scopes?: Scope[]; role?: "merchant" | "staff" } = {},
) {
  const { key, row } = newApiKeyRow(merchantId, environment, options.scopes);
  await db().apiKey.create({ data: { ...row, role: options.role ?? "merchant" } });
  return { key, id: row.id };
}

export const validLink = { amount: 5000, currency: "XOF", description: "Order #1234" };
