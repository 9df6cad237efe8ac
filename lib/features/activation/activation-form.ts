import { z } from "zod";
import { normalizePhone } from "@/lib/core/domain/phone";
import { isServedCountry, SERVED_COUNTRIES } from "@/lib/core/domain/served-countries";
import { DomainError } from "@/lib/core/errors/domain-error";
import { checkFieldsText } from "@/lib/core/request/storable-text";
import { validationError } from "@/lib/core/errors/validation-errors";
import { emailField, nameField } from "@/lib/core/schemas/common";

// What "Activate live payments" asks, as regional peers ask it (Paystack's business details,
// CinetPay's and FedaPay's account activation): who the business is, where it trades, where its
// money goes (a mobile-money number, the payout means of most of our merchants) and whom to
// contact. Documents are optional: a note or a link, no upload.

export const BUSINESS_KINDS = ["individual", "company", "association"] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];

export const ACTIVATION_FIELDS = ["businessName", "businessKind", "country", "payoutPhone", "contactName", "contactPhone", "contactEmail", "documents"] as const;
export type ActivationFields = Partial<Record<(typeof ACTIVATION_FIELDS)[number], string>>;

const phoneText = z.string({ error: "is required" }).min(1, { error: "is required" }).max(40, { error: "must be at most 40 characters" });

const activationSchema = z.strictObject({
  businessName: nameField.max(100, { error: "must be at most 100 characters" }),
  businessKind: z.enum(BUSINESS_KINDS, { error: `must be one of ${BUSINESS_KINDS.join(", ")}` }),
  country: z.string({ error: "is required" }).refine(isServedCountry, { error: `must be one of the countries we serve: ${SERVED_COUNTRIES.join(", ")}` }),
  payoutPhone: phoneText,
  contactName: nameField.max(100, { error: "must be at most 100 characters" }),
  contactPhone: phoneText,
  contactEmail: emailField,
  documents: z.string().max(1000, { error: "must be at most 1000 characters" }).optional(),
});

export type ActivationForm = z.infer<typeof activationSchema>;

/**
 * The form's fields checked and shaped for storage: phone numbers in international form (typed
 * locally for the chosen country, or internationally), blanks dropped. An invalid outcome names the
 * first wrong field (its reason: country, phone; none for the rest).
 */
export function parseActivationForm(fields: ActivationFields): ActivationForm {
  const text = Object.fromEntries(
    ACTIVATION_FIELDS.flatMap((name) => (fields[name]?.trim() ? [[name, fields[name]!.trim()]] : [])),
  ) as Record<string, string>;
  checkFieldsText(new URLSearchParams(text));
  const parsed = activationSchema.safeParse(text);
  if (!parsed.success) throw validationError(parsed.error, text);
  const form = parsed.data;
  for (const name of ["payoutPhone", "contactPhone"] as const) {
    const international = normalizePhone(form[name], form.country);
    if (!international) {
      throw new DomainError("invalid", { reason: "phone", field: name, rule: "phone_format", details: `${name} must be a phone number of ${form.country} (local form, e.g. 07 00 00 00 00) or in international form (+ then the country code)` });
    }
    form[name] = international;
  }
  return form;
}
