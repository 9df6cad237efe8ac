import { db, type DbClient } from "@/lib/core/db/client";
import { normalizePhone, phoneDigits } from "@/lib/core/domain/phone";
import { DomainError } from "@/lib/core/errors/domain-error";
import { checkCheckoutPayment, confirmCheckoutOtp, restartLastAttempt, startCheckoutAttempt, type CheckoutCustomer } from "@/lib/features/checkout/checkout-actions";
import { checkoutGateways } from "@/lib/features/checkout/checkout-gateways";
import { latestAttempt } from "@/lib/features/checkout/checkout-state";
import { findCheckoutLink } from "@/lib/features/checkout/get-checkout-link";
import { checkoutErrorKey, checkoutPageSearch, type CheckoutFormIntent } from "./checkout-steps";

// What a checkout step's form does (the checkout without JavaScript, issue 35), through the
// feature functions the JSON checkout API calls too (lib/features/checkout/checkout-actions.ts:
// the same limits, checks and session token). The answer is the page's query for the next step;
// the route (app/pay/[reference]/form) turns it into a 303 to the page, so a reload never posts twice.

type Options = CheckoutCustomer & { origin: string; intent: CheckoutFormIntent };

/**
 * The page's query for the next step, the session token to set when an attempt was started with a
 * new one, and (the phone step's "pay" only) the number typed, to show again after an error: kept
 * by the route in a cookie, never in the query (./typed-phone.ts); "" once an attempt started, to
 * forget it.
 */
export type CheckoutFormAnswer = { search: string; setToken: string | null; typedPhone?: string };

type PageParts = Parameters<typeof checkoutPageSearch>[0];

export async function submitCheckoutForm(options: Options, client: DbClient = db()): Promise<CheckoutFormAnswer> {
  const { intent, ...customer } = options;
  const link = await findCheckoutLink(client, options.reference, options.environment);
  // The page itself says "not found".
  if (!link) return { search: "", setToken: null };
  const answer = (parts: PageParts): CheckoutFormAnswer => ({ search: checkoutPageSearch(parts), setToken: null });
  // A refusal said on the step it came from; anything unexpected is rethrown (the route logs it and says "generic").
  const refused = (onError: PageParts) => (error: unknown) => answer({ ...onError, error: errorKeyOf(error) });

  switch (intent.intent) {
    case "check":
      // The page then draws the attempt as its operator now has it.
      return checkCheckoutPayment(client, customer).then(() => answer({}), refused({}));
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
      try {
        const started = await startCheckoutAttempt(client, { ...customer, gatewayName: choice.gateway, country: choice.country, customerPhone: phone });
        return { search: checkoutPageSearch({ step: "attempt" }), setToken: started.newToken, typedPhone: "" };
      } catch (error) {
        return { ...refused({ step: "phone", ...choice })(error), typedPhone: digits };
      }
    }
    case "newCode":
      try {
        const restarted = await restartLastAttempt(client, { ...customer, linkId: link.id });
        if (restarted.restarted) return { search: checkoutPageSearch({ step: "attempt" }), setToken: restarted.newToken };
        return answer(restarted.last ? { step: "phone", ...restarted.last } : { step: "gateway" });
      } catch (error) {
        return refused({ step: "attempt" })(error);
      }
    case "otp":
      if (!/^\d{4,8}$/.test(intent.otp)) return answer({ step: "attempt", error: "wrongCode" });
      return confirmCheckoutOtp(client, { ...customer, otp: intent.otp }).then(() => answer({ step: "attempt" }), refused({ step: "attempt" }));
  }
}

/** The message of an error of the checkout's functions; anything unexpected is rethrown (the route logs it and says "generic"). */
function errorKeyOf(error: unknown) {
  if (!(error instanceof DomainError)) throw error;
  return checkoutErrorKey(error.rule);
}
