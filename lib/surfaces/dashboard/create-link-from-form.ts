import type { DbClient } from "@/lib/core/db/client";
import { validationError } from "@/lib/core/errors/validation-errors";
import { checkFieldsText } from "@/lib/core/request/storable-text";
import { createPaymentLink } from "@/lib/features/links/create-payment-link";
import { createPaymentLinkSchema } from "@/lib/core/schemas/payment-link";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { amountFromForm, numberOrText, phoneFromForm } from "@/lib/features/merchants/form-input";

export const LINK_FORM_FIELDS = ["amount", "currency", "description", "customerName", "customerEmail", "customerPhone", "callbackUrl", "expiresIn"] as const;

/**
 * The "new payment link" form for people who do not code: its fields become the API's request
 * body and go through the same schema and the same create code, so they meet the same rules and
 * the same errors (invalid outcomes naming the field in details). Empty optional
 * fields are left out, as a JSON client would. The amount is read as people type it ("5 000",
 * "5.000": lib/core/domain/amount-input.ts) and the customer's phone in the merchant's country's local
 * form ("07 00 00 04 44": lib/core/domain/phone.ts).
 */
export async function createLinkFromForm(client: DbClient, scope: MerchantScope, form: Record<string, string>) {
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
