import "server-only";
import { db } from "@/lib/core/db/client";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import type { SessionMember } from "@/lib/features/auth/session-member";
import { readAlertSettings } from "@/lib/features/payment-alerts/alert-settings";
import { listReceivedPayments } from "@/lib/features/payment-alerts/list-received-payments";

/** The signed-in member's own payment alerts (only theirs: each member chooses their own). */
export function getMyAlertSettings(member: SessionMember) {
  return readAlertSettings(db(), { merchantId: member.merchantId, userId: member.userId });
}

/** The "Paiements reçus" list of the scope, newest first, and the merchant's time zone. */
export function getReceivedPayments(scope: MerchantScope) {
  return listReceivedPayments(db(), scope);
}
