import "server-only";
import type { PaymentLink } from "@prisma/client";
import { db } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { checkoutGateways } from "./checkout-gateways";
import { hashCheckoutToken } from "./checkout-session";
import { checkoutState, latestAttempt } from "./checkout-state";
import { findCheckoutLink } from "./get-checkout-link";

// The hosted checkout page's reads (app/pay/[reference]) on the process's database: the link only
// in the request's own environment, then nothing but that link's own payment facts.

/** The link the checkout page serves, or null (unknown, mangled, or of the other environment). */
export function findCheckoutPageLink(reference: string, environment: Environment) {
  return findCheckoutLink(db(), reference, environment);
}

/**
 * The link's checkout state, brought up to date with the operator first (lib/features/checkout/checkout-state.ts),
 * for the viewer's checkout session (its cookie, when the page's forms set it).
 */
export function getCheckoutPageState(link: PaymentLink, viewerToken: string | null = null) {
  return checkoutState(db(), link, new Date(), viewerToken);
}

/**
 * The number of the link's last attempt when the viewer started it (same checkout session), so
 * the page can offer "try again with this number" and say where the code went; null otherwise
 * (the number is that customer's, and the reference is public).
 */
export async function ownLastAttemptPhone(link: { id: string }, viewerToken: string | null): Promise<string | null> {
  if (!viewerToken) return null;
  const attempt = await latestAttempt(db(), link.id);
  return attempt?.checkoutTokenHash === hashCheckoutToken(viewerToken) ? attempt.customerPhone : null;
}

/** The gateways the link may be paid with, grouped by country with fees and totals. */
export function listCheckoutPageGateways(link: Parameters<typeof checkoutGateways>[1]) {
  return checkoutGateways(db(), link);
}
