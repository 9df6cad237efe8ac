import type { DbClient } from "@/lib/core/db/client";
import { DomainError } from "@/lib/core/errors/domain-error";

// A merchant opened by dashboard sign-up works in the sandbox at once but takes no live payment
// until support approves its activation request (lib/features/activation). Every way into a live action
// (API keys in authenticate-api-key.ts, dashboard actions in lib/surfaces/dashboard/dashboard-action.ts)
// refuses it with this one error, so the merchant reads the same reason everywhere.

export const LIVE_NOT_ACTIVATED_DETAILS =
  "Live payments are not activated for this merchant yet: request activation in the dashboard (Activate live payments); sandbox keys under /test keep working";

/** Not allowed (the API's 403/40001), saying live payments are not activated. */
export function liveNotActivated(): DomainError {
  return new DomainError("not_allowed", { rule: "live_not_activated", details: LIVE_NOT_ACTIVATED_DETAILS });
}

export function isLiveActivated(merchant: { liveActivatedAt: Date | null }): boolean {
  return merchant.liveActivatedAt !== null;
}

/** Whether the merchant's live payments are activated; an unknown merchant throws (findUniqueOrThrow). */
export async function readLiveActivated(client: DbClient, merchantId: string): Promise<boolean> {
  return isLiveActivated(await client.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { liveActivatedAt: true } }));
}
