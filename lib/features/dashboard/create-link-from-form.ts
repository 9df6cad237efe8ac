import type { DbClient } from "@/lib/core/db/client";
import { parseAmountInput } from "@/lib/core/domain/amount-input";
import { normalizePhone } from "@/lib/core/domain/phone";
import { DomainError } from "@/lib/core/errors/domain-error";
import { validationError } from "@/lib/core/errors/validation-errors";
import { checkFieldsText } from "@/lib/core/request/storable-text";
import { createPaymentLink } from "@/lib/features/links/create-payment-link";
import { createPaymentLinkSchema } from "@/lib/core/schemas/payment-link";
import type { DashboardScope } from "./dashboard-scope";

export const LINK_FORM_FIELDS = ["amount", "currency", "description", "customerName", "customerEmail", "customerPhone", "callbackUrl", "expiresIn"] as const;

/**
 * The "new payment link" form for people who do not code: its fields become the API's request
 * body and go through the same schema and the same create code, so they meet the same rules and
 * the same errors (invalid outcomes naming the field in details). Empty optional
 * fields are left out, as a JSON client would. The amount is read as people type it ("5 000",
 * "5.000": lib/core/domain/amount-input.ts) and the customer's phone in the merchant's country's local
 * form ("07 00 00 04 44": lib/core/domain/phone.ts).
 */
export async function createLinkFromForm(client: DbClient, scope: DashboardScope, form: Record<string, string>) {
  checkFieldsText(new URLSearchParams(form));
  const input: Record<string, unknown> = {};
  for (const field of LINK_FORM_FIELDS) {
    const value = form[field]?.trim();
    if (value) input[field] = value;
  }
  if (typeof input.expiresIn === "string") input.expiresIn = numberOrText(input.expiresIn);
  if (typeof input.amount === "string") input.amount = amountFromForm(input.amount, String(input.currency ?? ""));
  if (typeof input.customerPhone === "string") input.customerPhone = await phoneFromForm(client, scope, input.customerPhone);
  const parsed = createPaymentLinkSchema(scope.environment).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, input);
  return createPaymentLink(client, { merchantId: scope.merchantId, environment: scope.environment, input: parsed.data });
}

/**
 * A typed amount as the API's JSON number (exact: the parser works on the digits, and a number
 * from their decimal text is the one JSON.parse would give), or 40010 saying why it is none.
 */
export function amountFromForm(text: string, currency: string): number {
  const parsed = parseAmountInput(text, currency);
  if (parsed.ok) return Number(parsed.text);
  const rule = parsed.reason === "too_many_decimals" ? `has more decimals than ${currency} allows` : "must be a number";
  throw new DomainError("invalid", { reason: "amount", details: `amount ${rule}` });
}

/** A typed phone in E.164, read in the local form of `country` (or the merchant's); as typed when it is no number, for the schema's 40014. */
export async function phoneFromForm(client: DbClient, scope: DashboardScope, text: string, country?: string | null): Promise<string> {
  const home = country ?? (await client.merchant.findUnique({ where: { id: scope.merchantId }, select: { country: true } }))?.country;
  return normalizePhone(text, home) ?? text;
}

/** What JSON.parse would make of the text as a number; the text itself when it is none, so the schema says "must be a number". */
export function numberOrText(text: string): number | string {
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}
