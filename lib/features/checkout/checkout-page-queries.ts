import "server-only";
import type { PaymentLink } from "@prisma/client";
import { cache } from "react";
import { db } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { errorFields, log } from "@/lib/core/logging/log";
import { readGatewayAvailability } from "@/lib/features/monitoring/gateway-availability";
import { announcedDepositStates, type AnnouncedState } from "@/lib/integrations/gateways/operators/announced-states";
import { checkoutGateways, type CheckoutCountry, type CheckoutGateway } from "./checkout-gateways";
import { startedBy } from "./checkout-session";
import { checkoutStateOf, latestAttempt, type CheckoutState } from "./checkout-state";
import { findCheckoutLink } from "./get-checkout-link";

// The hosted checkout page's reads (app/pay/[reference]) on the process's database: the link only
// in the request's own environment, then nothing but that link's own payment facts. Drawing the
// page reads and never writes or calls an operator: the state route the page polls
// (GET .../api/checkout/{reference}) and the jobs move a payment along.

/**
 * The link the checkout page serves, or null (unknown, mangled, or of the other environment).
 * Once per request: the page and its metadata share the read (React's cache).
 */
export const findCheckoutPageLink = cache((reference: string, environment: Environment) => findCheckoutLink(db(), reference, environment));

export type CheckoutPageState = {
  state: CheckoutState;
  /**
   * The number of the link's last attempt when the viewer started it (same checkout session), so
   * the page can offer "try again with this number" and say where the code went; null otherwise
   * (the number is that customer's, and the reference is public).
   */
  knownPhone: string | null;
};

/** The link's checkout state as recorded, for the viewer's checkout session (its cookie, when the page's forms set it). */
export async function readCheckoutPageState(link: PaymentLink, viewerToken: string | null, now = new Date()): Promise<CheckoutPageState> {
  const attempt = await latestAttempt(db(), link.id);
  return { state: checkoutStateOf(link, attempt, now, viewerToken), knownPhone: attempt && startedBy(attempt, viewerToken) ? attempt.customerPhone : null };
}

/** A gateway the customer may pick, and whether its operator is slow or down right now (live only). */
export type CheckoutPageCountry = Omit<CheckoutCountry, "gateways"> & { gateways: (CheckoutGateway & { availability: "delayed" | "closed" | null })[] };

/**
 * The gateways the link may be paid with, grouped by country with fees and totals, each live one
 * with its operator's state (lib/features/monitoring), so the customer is told before picking one
 * that is slow or down. That state is a notice, never a refusal: our own figures are a guess from
 * recent calls (the circuit breaker refuses when calls really fail), and a figure that cannot be
 * read shows none. A provider its operator itself announces CLOSED (pawaPay's availability: every
 * request rejected) is not offered at all: a deposit on it is refused (create-deposit.ts), so
 * listing it would only lead the customer to a refusal.
 */
export async function listCheckoutPageGateways(link: Parameters<typeof checkoutGateways>[1]): Promise<CheckoutPageCountry[]> {
  const live = link.environment === "live";
  const [countries, availability, announced] = await Promise.all([
    checkoutGateways(db(), link),
    live ? readGatewayAvailability().catch((error: unknown) => (log("warn", "checkout: availability not read", errorFields(error)), [])) : [],
    live ? announcedDepositStates() : new Map<string, AnnouncedState>(),
  ]);
  const stateOf = (name: string) => {
    const state = availability.find((g) => g.gateway === name)?.operations.deposit.state;
    return state === "delayed" || state === "closed" ? state : null;
  };
  return countries
    .map((c) => ({ ...c, gateways: c.gateways.filter((g) => announced.get(g.name) !== "closed").map((g) => ({ ...g, availability: stateOf(g.name) })) }))
    .filter((c) => c.gateways.length > 0);
}
