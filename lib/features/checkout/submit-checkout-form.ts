import { db, type DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { normalizePhone, phoneDigits } from "@/lib/core/domain/phone";
import { DomainError } from "@/lib/core/errors/domain-error";
import { scheduleSandboxAnswer } from "@/lib/features/deposits/schedule-sandbox-answer";
import { checkoutGateways } from "./checkout-gateways";
import { limitCheckoutWrite } from "./checkout-limits";
import { hashCheckoutToken } from "./checkout-session";
import { checkoutState, latestAttempt } from "./checkout-state";
import { checkoutErrorKey, checkoutPageSearch, type CheckoutFormIntent } from "./checkout-steps";
import { confirmLinkOtp } from "./confirm-link-otp";
import { findCheckoutLink } from "./get-checkout-link";
import { startLinkAttempt } from "./start-link-attempt";

// What a checkout step's form does (the checkout without JavaScript, issue 35), through the same
// functions, limits and checks as the JSON checkout API (/api/checkout/{reference}/attempts and
// /otp): startLinkAttempt, confirmLinkOtp, limitCheckoutWrite, the checkout session token. The
// answer is the page's query for the next step; the route (app/pay/[reference]/form) turns it into
// a 303 to the page, so a reload never posts twice.

type Options = {
  reference: string;
  environment: Environment;
  origin: string;
  /** The request, for the per-address limits (lib/features/checkout/checkout-limits.ts). */
  request: Request;
  /** The checkout session token the request carries; null when it has none. */
  checkoutToken: string | null;
  /** A new token, used (and then set as the cookie) when the request had none and an attempt starts. */
  newToken: string;
  intent: CheckoutFormIntent;
};

/**
 * The page's query for the next step, the session token to set when an attempt was started with a
 * new one, and (the phone step's "pay" only) the number typed, to show again after an error: kept
 * by the route in a cookie, never in the query (lib/features/checkout/typed-phone.ts); "" once an
 * attempt started, to forget it.
 */
export type CheckoutFormAnswer = { search: string; setToken: string | null; typedPhone?: string };

export async function submitCheckoutForm(options: Options, client: DbClient = db()): Promise<CheckoutFormAnswer> {
  const { intent } = options;
  const link = await findCheckoutLink(client, options.reference, options.environment);
  // The page itself says "not found".
  if (!link) return { search: "", setToken: null };
  const answer = (parts: Parameters<typeof checkoutPageSearch>[0]): CheckoutFormAnswer => ({ search: checkoutPageSearch(parts), setToken: null });

  switch (intent.intent) {
    case "check":
      // "Check the payment" without JavaScript: what the state route does for the island, bring
      // the attempt up to date with its operator (on its back-off schedule); the page then draws it.
      // Each post may call the operator, so it spends the steps' write limits (issue 46).
      try {
        await limitCheckoutWrite(client, options.request, link.reference, options.checkoutToken);
      } catch (error) {
        return answer({ error: errorKeyOf(error) });
      }
      await checkoutState(client, link, new Date(), options.checkoutToken);
      return answer({});
    case "choose": {
      const countries = await checkoutGateways(client, link);
      const country = countries.find((c) => c.code === intent.country);
      if (!country) return answer({ step: "gateway" });
      // A gateway of another country: the country was just changed (its list is not on a page
      // without JavaScript until the server draws it): its own list, to choose from.
      if (!country.gateways.some((g) => g.name === intent.gateway)) return answer({ step: "gateway", country: country.code });
      return answer({ step: "phone", country: country.code, gateway: intent.gateway });
    }
    case "back":
      return answer({ step: "gateway", country: intent.country, gateway: intent.gateway });
    case "otherMethod":
    case "otherNumber": {
      const attempt = await latestAttempt(client, link.id);
      if (!attempt) return answer({ step: "gateway" });
      const step = intent.intent === "otherNumber" ? "phone" : "gateway";
      return answer({ step, country: attempt.country, gateway: attempt.gatewayName });
    }
    case "pay": {
      const choice = { country: intent.country, gateway: intent.gateway };
      const digits = phoneDigits(intent.national);
      const phone = normalizePhone(intent.national, intent.country);
      if (!phone) return { ...answer({ step: "phone", ...choice, error: "invalidPhone" }), typedPhone: digits };
      const started = await startAttempt(client, options, { ...choice, phone }, { step: "phone", ...choice });
      return { ...started.answer, typedPhone: started.ok ? "" : digits };
    }
    case "newCode": {
      // The last attempt's gateway and number, for its own checkout only (the number is that customer's).
      const attempt = await latestAttempt(client, link.id);
      const owner = attempt?.checkoutTokenHash && options.checkoutToken && hashCheckoutToken(options.checkoutToken) === attempt.checkoutTokenHash;
      if (!attempt || !owner) return answer({ step: attempt ? "phone" : "gateway", country: attempt?.country, gateway: attempt?.gatewayName });
      const choice = { country: attempt.country, gateway: attempt.gatewayName };
      return (await startAttempt(client, options, { ...choice, phone: attempt.customerPhone }, { step: "attempt" })).answer;
    }
    case "otp": {
      if (!/^\d{4,8}$/.test(intent.otp)) return answer({ step: "attempt", error: "wrongCode" });
      try {
        await limitCheckoutWrite(client, options.request, link.reference, options.checkoutToken);
        await confirmLinkOtp(client, { reference: link.reference, environment: options.environment, otp: intent.otp, checkoutToken: options.checkoutToken });
        return answer({ step: "attempt" });
      } catch (error) {
        return answer({ step: "attempt", error: errorKeyOf(error) });
      }
    }
  }
}

async function startAttempt(
  client: DbClient,
  options: Options,
  choice: { country: string; gateway: string; phone: string },
  onError: Parameters<typeof checkoutPageSearch>[0],
): Promise<{ answer: CheckoutFormAnswer; ok: boolean }> {
  const checkoutToken = options.checkoutToken ?? options.newToken;
  try {
    // The request's own token (null for a new checkout): a new token holds nothing yet.
    await limitCheckoutWrite(client, options.request, options.reference, options.checkoutToken);
    const attempt = await startLinkAttempt(client, {
      reference: options.reference,
      environment: options.environment,
      origin: options.origin,
      checkoutToken,
      gatewayName: choice.gateway,
      country: choice.country,
      customerPhone: choice.phone,
    });
    scheduleSandboxAnswer(attempt);
    return { answer: { search: checkoutPageSearch({ step: "attempt" }), setToken: options.checkoutToken ? null : checkoutToken }, ok: true };
  } catch (error) {
    return { answer: { search: checkoutPageSearch({ ...onError, error: errorKeyOf(error) }), setToken: null }, ok: false };
  }
}

/** The message of an error of the checkout's functions; anything unexpected is rethrown (the route logs it and says "generic"). */
function errorKeyOf(error: unknown) {
  if (!(error instanceof DomainError)) throw error;
  return checkoutErrorKey(error.rule);
}
