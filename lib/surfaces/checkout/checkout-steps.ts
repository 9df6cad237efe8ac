import type { RefusalRule } from "@/lib/core/errors/refusal-rules";

// The checkout's steps as the address and the forms carry them, so every step works without
// JavaScript (issue 35): each step is a form that posts to the server (app/pay/[reference]/form),
// which answers 303 to the page with the next step and the customer's choices in the query. The
// page renders that step, and the hydrated island starts from it: a tap before the scripts load
// keeps the country and method chosen. Pure functions, used by the page, the island and the
// form handler alike.

export type CheckoutStep = "gateway" | "phone" | "attempt";

export const CHECKOUT_ERROR_KEYS = ["network", "wrongCode", "codeExpired", "invalidPhone", "linkClosed", "tooMany", "paymentInProgress", "attemptExpired", "providerClosed", "generic"] as const;
export type CheckoutErrorKey = (typeof CHECKOUT_ERROR_KEYS)[number];

/**
 * The refusals a step says in its own words (checkout.errors.*), by the rule the refusal carries
 * (DomainError's `rule`, set where it was decided; the checkout API's error names it): never by
 * the API's code, which one rule does not own (40020 is a closed link and a payment in progress).
 */
const RULE_MESSAGES: Partial<Record<RefusalRule, CheckoutErrorKey>> = {
  wrong_code: "wrongCode",
  code_expired: "codeExpired",
  phone_format: "invalidPhone",
  link_closed: "linkClosed",
  // The code of a payment already confirmed: to the customer, the link takes no more.
  already_confirmed: "linkClosed",
  payment_in_progress: "paymentInProgress",
  rate_limited: "tooMany",
  provider_closed: "providerClosed",
};

/** The message key for a refusal's rule, or "network" when the checkout API could not be reached; "generic" for any other. */
export function checkoutErrorKey(rule: RefusalRule | "network" | undefined): CheckoutErrorKey {
  if (rule === "network") return "network";
  return (rule && RULE_MESSAGES[rule]) || "generic";
}

type CountryLike = { code: string; gateways: { name: string }[] };

/** What the page's address asks for: the step and the choices, each only when it is one the page offers. */
export type CheckoutPageQuery = {
  step: CheckoutStep | null;
  country: string | null;
  gateway: string | null;
  error: CheckoutErrorKey | null;
};

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/**
 * Reads the page's query against what the link offers: an unknown country, a gateway of another
 * country, a step the choices do not allow (the phone step without a gateway) fall back to the
 * step before, never to an error page (the address may be old, shared or typed).
 */
export function readCheckoutPageQuery(query: Record<string, string | string[] | undefined>, countries: CountryLike[]): CheckoutPageQuery {
  const country = countries.find((c) => c.code === first(query.country).toUpperCase()) ?? null;
  const gateway = country?.gateways.find((g) => g.name === first(query.gateway)) ?? null;
  const rawStep = first(query.step);
  let step: CheckoutStep | null = rawStep === "gateway" || rawStep === "phone" || rawStep === "attempt" ? rawStep : null;
  if (step === "phone" && !gateway) step = "gateway";
  const rawError = first(query.error);
  const error = (CHECKOUT_ERROR_KEYS as readonly string[]).includes(rawError) ? (rawError as CheckoutErrorKey) : null;
  // No phone number: the one typed comes back in a cookie, never in the address (./typed-phone.ts).
  return { step, country: country?.code ?? null, gateway: gateway?.name ?? null, error };
}

/** The page's query for a step: "?country=CI&gateway=MTN_MOMO_CI&step=phone" (empty parts left out). */
export function checkoutPageSearch(parts: Partial<Record<"step" | "country" | "gateway" | "error", string | null>>): string {
  const search = new URLSearchParams();
  for (const name of ["country", "gateway", "step", "error"] as const) {
    const value = parts[name];
    if (value) search.set(name, value);
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** What a step's form asks for: its button's `intent`, with the fields it carries. */
export type CheckoutFormIntent =
  /** The gateway step: a country and a gateway (of that country, or the country was just changed). */
  | { intent: "choose"; country: string; gateway: string }
  /** The phone step: pay with this gateway and number. */
  | { intent: "pay"; country: string; gateway: string; national: string }
  /** Back to the gateway step, with the choices kept. */
  | { intent: "back"; country: string; gateway: string }
  /** The OTP step: the code typed. */
  | { intent: "otp"; otp: string }
  /** A new code (or a new push) for the last attempt: same gateway and number, a new attempt. */
  | { intent: "newCode" }
  /** Another number for the last attempt's gateway (the OTP step's "change number", the retry's "another number"). */
  | { intent: "otherNumber" }
  /** Another payment method: the gateway step, starting from the last attempt's country. */
  | { intent: "otherMethod" }
  /** "Check the payment": the page again, as the server sees it now. */
  | { intent: "check" };

const FIELD = /^[A-Za-z0-9_]{1,64}$/;

/** Reads a step's posted form; null for anything that is not one of its forms (an unknown intent, a field too long or malformed). */
export function parseCheckoutForm(form: { get(name: string): FormDataEntryValue | null }): CheckoutFormIntent | null {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const country = field("country").toUpperCase();
  const gateway = field("gateway");
  const choice = /^[A-Z]{2}$/.test(country) && FIELD.test(gateway) ? { country, gateway } : null;
  switch (field("intent") || "check") {
    case "choose":
      // A country alone (its list not yet shown, without JavaScript) is a choice too: the gateway is then checked against it.
      return /^[A-Z]{2}$/.test(country) ? { intent: "choose", country, gateway: FIELD.test(gateway) ? gateway : "" } : null;
    case "pay": {
      const national = field("phone").slice(0, 32);
      return choice ? { intent: "pay", ...choice, national } : null;
    }
    case "back":
      return choice ? { intent: "back", ...choice } : null;
    case "otp":
      return { intent: "otp", otp: field("otp").replace(/\s/g, "").slice(0, 16) };
    case "newCode":
      return { intent: "newCode" };
    case "otherNumber":
      return { intent: "otherNumber" };
    case "otherMethod":
      return { intent: "otherMethod" };
    case "check":
      return { intent: "check" };
    default:
      return null;
  }
}
