import "server-only";
import { readActivationState } from "@/lib/features/activation/activation-state";
import { liveGatewayRoutes } from "@/lib/features/activation/live-gateway-routes";
import { db } from "@/lib/core/db/client";
import { readLiveActivated } from "@/lib/features/merchants/live-activation";

/** The activation page: where the merchant's live payments stand, its name and country for the form, and how each of its payment methods is served live. */
export async function getActivationPage(merchantId: string) {
  const [state, merchant, routes] = await Promise.all([
    readActivationState(db(), merchantId),
    db().merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { name: true, country: true } }),
    liveGatewayRoutes(db(), merchantId),
  ]);
  return { state, merchant, routes };
}

/**
 * Whether a link made in this scope could be paid: always in test mode, in live mode only once the
 * merchant's live payments are activated (the new-link page says why not before the form is
 * filled; the action refuses it anyway, lib/surfaces/dashboard/dashboard-action.ts).
 */
export async function linksPayableIn(scope: { merchantId: string; environment: "live" | "sandbox" }): Promise<boolean> {
  return scope.environment === "sandbox" || readLiveActivated(db(), scope.merchantId);
}
