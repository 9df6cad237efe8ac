import "server-only";
import type { PaymentLink } from "@prisma/client";
import { db } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { checkoutGateways } from "./checkout-gateways";
import { checkoutState } from "./checkout-state";
import { findCheckoutLink } from "./get-checkout-link";

// The hosted checkout page's reads (app/pay/[reference]) on the process's database: the link only
// in the request's own environment, then nothing but that link's own payment facts.

/** The link the checkout page serves, or null (unknown, mangled, or of the other environment). */
export function findCheckoutPageLink(reference: string, environment: Environment) {
  return findCheckoutLink(db(), reference, environment);
}

/** The link's checkout state, brought up to date with the operator first (lib/features/checkout/checkout-state.ts). */
export function getCheckoutPageState(link: PaymentLink) {
  return checkoutState(db(), link);
}

/** The gateways the link may be paid with, grouped by country with fees and totals. */
export function listCheckoutPageGateways(link: Parameters<typeof checkoutGateways>[1]) {
  return checkoutGateways(db(), link);
}
