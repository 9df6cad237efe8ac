import { z } from "zod";
import { isInternationalPhone, isIsoCountry } from "@/lib/domain/countries";
import { isIsoCurrency } from "@/lib/domain/money";

// Field schemas shared by every request. Error messages are written for the integrator who
// reads them in `details`, prefixed with the field name by the zod-to-error converter.

export const phoneField = z
  .string({ error: "must be a string" })
  .refine(isInternationalPhone, { error: "must be in international format: + then 8 to 15 digits, e.g. +2250700000000" })
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
  .refine((v) => isUrlWithProtocol(v, ["https:"]), { error: "must be a valid HTTPS URL" })
  .meta({ example: "https://merchant.example/webhooks/payments" });

export const returnUrlField = z
  .string({ error: "must be a string" })
  .max(2048, { error: "must be at most 2048 characters" })
  .refine((v) => isUrlWithProtocol(v, ["https:", "http:"]), { error: "must be a valid http(s) URL" })
  .meta({ example: "https://merchant.example/orders/1234/thanks" });

const metadataValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()], {
  error: "values must be strings (at most 500 characters), numbers, booleans or null",
});

export const metadataField = z
  .record(z.string().min(1).max(40, { error: "keys must be at most 40 characters" }), metadataValue, {
    error: "must be an object of key-value pairs",
  })
  .refine((value) => Object.keys(value).length <= 50, { error: "must have at most 50 keys" })
  .meta({ description: "Free key-value pairs, echoed in webhooks.", example: { orderId: "1234" } });

export const timestampField = z.string().meta({ description: "UTC ISO 8601 date-time without zone designator" });
