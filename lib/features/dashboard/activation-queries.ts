import "server-only";
import { readActivationState } from "@/lib/features/activation/activation-state";
import { db } from "@/lib/core/db/client";

/** The activation page: where the merchant's live payments stand, and its name and country for the form. */
export async function getActivationPage(merchantId: string) {
  const [state, merchant] = await Promise.all([
    readActivationState(db(), merchantId),
    db().merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { name: true, country: true } }),
  ]);
  return { state, merchant };
}
