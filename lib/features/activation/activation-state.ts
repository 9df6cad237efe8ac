import type { ActivationRequest } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";

/**
 * Where a merchant's live payments stand: never asked (`not_requested`), a request waiting for
 * support (`in_review`), the last request refused (`refused`, with the reason: the merchant may
 * send a new one), or live payments on (`active`: approved, or a merchant made by merchant:create).
 */
export type ActivationState =
  | { status: "active"; since: Date }
  | { status: "not_requested" }
  | { status: "in_review"; request: ActivationRequest }
  | { status: "refused"; request: ActivationRequest; reason: string };

/** The state from the merchant's activation date and its newest request. */
export function activationStateOf(merchant: { liveActivatedAt: Date | null }, latest: ActivationRequest | null): ActivationState {
  if (merchant.liveActivatedAt) return { status: "active", since: merchant.liveActivatedAt };
  if (!latest) return { status: "not_requested" };
  if (latest.status === "refused") return { status: "refused", request: latest, reason: latest.refusalReason ?? "" };
  // An approved request always comes with liveActivatedAt (same transaction): in review otherwise.
  return { status: "in_review", request: latest };
}

export async function readActivationState(client: DbClient, merchantId: string): Promise<ActivationState> {
  const [merchant, latest] = await Promise.all([
    client.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { liveActivatedAt: true } }),
    client.activationRequest.findFirst({ where: { merchantId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  ]);
  return activationStateOf(merchant, latest);
}
