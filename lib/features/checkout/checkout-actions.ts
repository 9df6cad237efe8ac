import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { scheduleSandboxAnswer } from "@/lib/features/deposits/schedule-sandbox-answer";
import { limitCheckoutWrite } from "./checkout-limits";
import { newCheckoutToken, startedBy } from "./checkout-session";
import { checkoutState, latestAttempt } from "./checkout-state";
import { confirmLinkOtp } from "./confirm-link-otp";
import { getCheckoutLinkOrThrow } from "./get-checkout-link";
import { startLinkAttempt } from "./start-link-attempt";

// What a customer does on a link's checkout, one function per action, for both ways in: the JSON
// checkout API the page's island calls (lib/surfaces/api-routes/checkout) and the page's forms
// without JavaScript (lib/surfaces/checkout). Each takes what its surface read off the request
// (the client's address, the checkout session token it carries) and spends the checkout's write
// limits before acting, so neither way is cheaper or looser than the other. Refusals are domain
// outcomes (DomainError, with the refused field and rule): the API answers them in its envelope,
// the forms in the page's words.

/** Who acts: the link, its environment, and what the request carried. */
export type CheckoutCustomer = {
  reference: string;
  environment: Environment;
  /** The client's address (lib/core/request/client-address.ts), for the per-address limits. */
  clientAddress: string;
  /** The checkout session token the request carries (lib/features/checkout/checkout-session.ts); null when it has none. */
  checkoutToken: string | null;
};

/**
 * Starts paying the link with a gateway and a number (E.164). The session is the request's own,
 * or a new one when it carried none (then `newToken`: the surface sets it as the cookie). In the
 * sandbox, the simulated answer is scheduled as the attempt starts.
 */
export async function startCheckoutAttempt(
  client: DbClient,
  options: CheckoutCustomer & { origin: string; gatewayName: string; country: string; customerPhone: string },
) {
  // The request's own token (null for a new checkout): a new token holds nothing yet.
  await limitCheckoutWrite(client, options.clientAddress, options.reference, options.checkoutToken);
  // The checkout's session: only it may replace its own live attempt.
  const checkoutToken = options.checkoutToken ?? newCheckoutToken();
  const { reference, environment, origin, gatewayName, country, customerPhone } = options;
  const deposit = await startLinkAttempt(client, { reference, environment, origin, gatewayName, country, customerPhone, checkoutToken });
  scheduleSandboxAnswer(deposit);
  return { attempt: deposit, checkoutToken, newToken: options.checkoutToken ? null : checkoutToken };
}

/** The code of the link's current OTP attempt, typed by the checkout that started it; the link. */
export async function confirmCheckoutOtp(client: DbClient, options: CheckoutCustomer & { otp: string }) {
  await limitCheckoutWrite(client, options.clientAddress, options.reference, options.checkoutToken);
  return confirmLinkOtp(client, { reference: options.reference, environment: options.environment, otp: options.otp, checkoutToken: options.checkoutToken });
}

/**
 * "Check the payment" without JavaScript: what the state route does for the island, the attempt
 * brought up to date with its operator (on its back-off schedule). Each check may call the
 * operator, so it spends the write limits (issue 46), not the reads' as the island's polling.
 */
export async function checkCheckoutPayment(client: DbClient, options: CheckoutCustomer) {
  await limitCheckoutWrite(client, options.clientAddress, options.reference, options.checkoutToken);
  const link = await getCheckoutLinkOrThrow(client, options.reference, options.environment);
  return checkoutState(client, link, new Date(), options.checkoutToken);
}

/**
 * "A new code" (or a new push): the link's last attempt again, same gateway and number, for the
 * checkout that started it only (the number is that customer's). `restarted: false` with the last
 * attempt's choices (or none) when it is not this checkout's.
 */
export async function restartLastAttempt(client: DbClient, options: CheckoutCustomer & { linkId: string; origin: string }) {
  const attempt = await latestAttempt(client, options.linkId);
  if (!attempt || !startedBy(attempt, options.checkoutToken)) {
    return { restarted: false as const, last: attempt && { country: attempt.country, gateway: attempt.gatewayName } };
  }
  const started = await startCheckoutAttempt(client, { ...options, gatewayName: attempt.gatewayName, country: attempt.country, customerPhone: attempt.customerPhone });
  return { restarted: true as const, ...started };
}
