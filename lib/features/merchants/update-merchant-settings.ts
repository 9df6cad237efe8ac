import { z } from "zod";
import type { DbClient } from "@/lib/core/db/client";
import { DomainError } from "@/lib/core/errors/domain-error";
import { validationError } from "@/lib/core/errors/validation-errors";
import { checkFieldsText } from "@/lib/core/request/storable-text";
import { isServedCountry, SERVED_COUNTRIES } from "@/lib/core/domain/served-countries";
import { LOCALES } from "@/lib/core/i18n/locales";
import { emailField, nameField, phoneField } from "@/lib/core/schemas/common";
import { phoneFromForm } from "./form-input";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

// The business as its customers see it on the checkout: name, logo, whom to contact when a
// payment fails, and whether its customers get their receipt by SMS or e-mail once they have paid
// (lib/features/receipts/send-receipt.ts). Settings are the merchant's, the same in both environments.

/** A logo is stored in the row as a data URL: small, so the checkout stays light on a slow network. */
/** The settings form's fields, for its errors (lib/surfaces/dashboard/form-errors.ts). */
export const SETTINGS_FORM_FIELDS = ["name", "logo", "supportPhone", "supportEmail", "defaultLanguage"] as const;

export const LOGO_MAX_BYTES = 100 * 1024;

// Raster formats only, recognised by their first bytes (not by the name or type the browser
// claims): an SVG could carry script, and a wrong type would be served as something else.
const SIGNATURES: { type: string; matches: (b: Uint8Array) => boolean }[] = [
  { type: "image/png", matches: (b) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: "image/jpeg", matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/webp", matches: (b) => b.length > 12 && String.fromCharCode(...b.subarray(0, 4)) === "RIFF" && String.fromCharCode(...b.subarray(8, 12)) === "WEBP" },
];

const settingsSchema = z.strictObject({
  name: nameField.max(100, { error: "must be at most 100 characters" }),
  supportPhone: phoneField.optional(),
  supportEmail: emailField.optional(),
  defaultLanguage: z.enum(LOCALES, { error: `must be one of ${LOCALES.join(", ")}` }).optional(),
  // Where the business trades: its customers' checkout opens on it (lib/features/checkout/preselect-country.ts).
  country: z.string().refine(isServedCountry, { error: `must be one of the countries we serve: ${SERVED_COUNTRIES.join(", ")}` }).optional(),
});

export async function readMerchantSettings(client: DbClient, scope: MerchantScope) {
  return client.merchant.findUniqueOrThrow({
    where: { id: scope.merchantId },
    select: { name: true, logoDataUrl: true, supportPhone: true, supportEmail: true, defaultLanguage: true, country: true, sendReceipts: true },
  });
}

/** A logo file's bytes as a data URL, or 40023 naming the rule it breaks. */
export function logoDataUrl(bytes: Uint8Array): string {
  if (bytes.length > LOGO_MAX_BYTES) throw new DomainError("invalid", { details: `logo must be at most ${LOGO_MAX_BYTES / 1024} KB`, field: "logo", rule: "logo_image" });
  const format = SIGNATURES.find((s) => s.matches(bytes));
  if (!format) throw new DomainError("invalid", { details: "logo must be a PNG, JPEG or WebP image", field: "logo", rule: "logo_image" });
  return `data:${format.type};base64,${Buffer.from(bytes).toString("base64")}`;
}

/**
 * Saves the settings form. Empty optional fields clear the value; a logo is replaced only when a
 * file is given, and removed on request. Nothing is written unless every field is valid.
 */
export async function updateMerchantSettings(
  client: DbClient,
  scope: MerchantScope,
  form: { name?: string; supportPhone?: string; supportEmail?: string; defaultLanguage?: string; country?: string; logo?: Uint8Array | null; removeLogo?: boolean; sendReceipts?: boolean },
) {
  const text = Object.fromEntries(
    (["name", "supportPhone", "supportEmail", "defaultLanguage", "country"] as const).flatMap((k) => (form[k]?.trim() ? [[k, form[k]!.trim()]] : [])),
  );
  checkFieldsText(new URLSearchParams(text));
  // The support phone as the merchant's customers dial it: the local form of the merchant's country too.
  if (text.supportPhone) text.supportPhone = await phoneFromForm(client, scope, text.supportPhone);
  const parsed = settingsSchema.safeParse(text);
  if (!parsed.success) throw validationError(parsed.error, text);
  const logo = form.logo && form.logo.length > 0 ? logoDataUrl(form.logo) : undefined;
  return client.merchant.update({
    where: { id: scope.merchantId },
    data: {
      name: parsed.data.name,
      supportPhone: parsed.data.supportPhone ?? null,
      supportEmail: parsed.data.supportEmail ?? null,
      defaultLanguage: parsed.data.defaultLanguage ?? null,
      // A form without the field (an older page) leaves the country as it was.
      ...(form.country !== undefined ? { country: parsed.data.country ?? null } : {}),
      // Absent (an older page, or a caller that does not show it): left as it was.
      ...(form.sendReceipts !== undefined ? { sendReceipts: form.sendReceipts } : {}),
      ...(logo ? { logoDataUrl: logo } : form.removeLogo ? { logoDataUrl: null } : {}),
    },
    select: { name: true, logoDataUrl: true, supportPhone: true, supportEmail: true, defaultLanguage: true, country: true, sendReceipts: true },
  });
}
