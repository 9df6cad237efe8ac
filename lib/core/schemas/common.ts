import { z } from "zod";
import { isInternationalPhone, isIsoCountry } from "@/lib/core/domain/countries";
import { isIsoCurrency, toMinor } from "@/lib/core/domain/money";
import { allowedPrivateHosts, refusedCallbackHost } from "@/lib/core/network/callback-host";

// Field schemas shared by every request. Error messages are written for the integrator who
// reads them in `details`, prefixed with the field name by the zod-to-error converter.

/** The options of a request's `z.strictObject`: a body that is not an object says so, unknown keys keep zod's own issue. */
export const requestObjectOptions = {
  error: (issue: { code: string }) => (issue.code === "unrecognized_keys" ? undefined : "must be a JSON object"),
};

/** No bound is given by the spec beyond > 0; this one keeps every amount exact as a JSON number. */
export const REQUEST_AMOUNT_MAX = 10_000_000_000;

/** Deposits and transfers: any positive amount up to REQUEST_AMOUNT_MAX (links have their own range). */
export const positiveAmountField = z
  .number({ error: "must be a number" })
  .gt(0, { error: "must be greater than 0" })
  .max(REQUEST_AMOUNT_MAX, { error: `must be at most ${REQUEST_AMOUNT_MAX}` });

/** The gateway's name as the catalog spells it; whether it exists is checked against the database. */
export const gatewayNameField = z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }).max(64);

/**
 * For `.superRefine` on a request with `amount` and `currency`: an amount finer than the currency's
 * minor unit (decimals in XOF, three in EUR) cannot be stored exactly, so it is refused as the amount's error.
 */
export function refineAmountDecimals(value: { amount: number; currency: string }, ctx: z.RefinementCtx) {
  // zod 4 runs an object's refinements even when a field already failed: an amount that is not
  // a number in range has its own issue, and only numbers in range reach the conversion.
  const { amount } = value;
  if (typeof amount !== "number" || !(Math.abs(amount) <= REQUEST_AMOUNT_MAX)) return;
  if (toMinor(amount, value.currency) === null) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: `has more decimals than ${value.currency} allows`, params: { rule: "decimals" } });
  }
}

export const phoneField = z
  .string({ error: "must be a string" })
  .refine(isInternationalPhone, { error: "must be in international format: + then 8 to 15 digits, e.g. +2250700000000", params: { rule: "phone_format" } })
  .meta({ example: "+2250700000000" });

export const countryField = z
  .string({ error: "must be a string" })
  .refine(isIsoCountry, { error: "must be an ISO 3166-1 alpha-2 code such as CI or SN" })
  .meta({ example: "CI" });

export const isoCurrencyField = z
  .string({ error: "must be a string" })
  .refine(isIsoCurrency, { error: "must be an ISO 4217 code such as XOF" })
  .meta({ example: "XOF" });

export const emailField = z.email({ error: "must be a valid e-mail address" }).max(254).meta({ example: "awa@example.com" });

export const nameField = z.string({ error: "must be a string" }).trim().min(1, { error: "must not be empty" }).max(200);

function isUrlWithProtocol(value: string, protocols: string[]) {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const callbackUrlField = z
  .string({ error: "must be a string" })
  .max(2048, { error: "must be at most 2048 characters" })
  .refine((v) => isUrlWithProtocol(v, ["https:"]), { error: "must be a valid HTTPS URL", abort: true })
  .superRefine((value, ctx) => {
    // A private or reserved IP literal can never be delivered to: say so now rather than at the
    // first delivery. Names are checked at each delivery instead (they can be rebound).
    const reason = refusedCallbackHost(new URL(value), allowedPrivateHosts());
    if (reason) ctx.addIssue({ code: "custom", message: `must not point to a private or reserved address: ${reason}` });
  })
  .meta({ example: "https://merchant.example/webhooks/payments" });

export const returnUrlField = z
  .string({ error: "must be a string" })
  .max(2048, { error: "must be at most 2048 characters" })
  .refine((v) => isUrlWithProtocol(v, ["https:", "http:"]), { error: "must be a valid http(s) URL" })
  .meta({ example: "https://merchant.example/orders/1234/thanks" });

// A number beyond 2^53 - 1 would not come back as it was sent (JSON parsers round it): refused,
// so an id sent as a number is never echoed in a webhook as a different id.
const METADATA_NUMBER_RULE = "must be at most 2^53 - 1 in magnitude (send larger numbers as strings)";
const metadataValue = z.union(
  [
    z.string().max(500),
    z.number().min(-Number.MAX_SAFE_INTEGER, { error: METADATA_NUMBER_RULE }).max(Number.MAX_SAFE_INTEGER, { error: METADATA_NUMBER_RULE }),
    z.boolean(),
    z.null(),
  ],
  { error: "values must be strings (at most 500 characters), numbers, booleans or null" },
);

export const metadataField = z
  .record(z.string().min(1).max(40, { error: "keys must be at most 40 characters" }), metadataValue, {
    error: "must be an object of key-value pairs",
  })
  .refine((value) => Object.keys(value).length <= 50, { error: "must have at most 50 keys" })
  .meta({ description: "Free key-value pairs, echoed in webhooks.", example: { orderId: "1234" } });

export const timestampField = z.string().meta({ description: "UTC ISO 8601 date-time without zone designator" });
