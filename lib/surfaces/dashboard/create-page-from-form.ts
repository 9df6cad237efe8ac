import type { DbClient } from "@/lib/core/db/client";
import { DomainError } from "@/lib/core/errors/domain-error";
import { validationError } from "@/lib/core/errors/validation-errors";
import { checkFieldsText } from "@/lib/core/request/storable-text";
import { createPaymentPageSchema } from "@/lib/core/schemas/payment-page";
import { createPaymentPage } from "@/lib/features/payment-pages/create-payment-page";
import { amountFromForm, numberOrText } from "@/lib/features/merchants/form-input";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

export const PAGE_FORM_FIELDS = ["description", "slug", "currency", "amountType", "amount", "minAmount", "maxAmount", "maxPayments", "expiresIn"] as const;

/**
 * The dashboard's "new payment page" form (issue 36 part 3): its fields become the API's request
 * body and go through the API's schema and createPaymentPage, so the same rules give the same
 * errors. The form's choice (amountType) keeps only the fields of the rule chosen: a set price
 * (then required) or the customer's range (both ends optional). Empty optional fields are left
 * out, as a JSON client would.
 */
export async function createPageFromForm(client: DbClient, scope: MerchantScope, form: Record<string, string>) {
  checkFieldsText(new URLSearchParams(form));
  const typed = (field: string) => form[field]?.trim() ?? "";
  const currency = typed("currency");
  const input: Record<string, unknown> = {};
  if (typed("description")) input.description = typed("description");
  if (currency) input.currency = currency;
  // As typed (the schema trims it and makes it small), so a refusal names what was typed.
  if (typed("slug")) input.slug = form.slug;
  const chooses = typed("amountType") === "customer_chooses";
  if (!chooses && !typed("amount")) throw new DomainError("invalid", { reason: "amount", details: "amount is required", field: "amount", rule: "required" });
  for (const field of chooses ? (["minAmount", "maxAmount"] as const) : (["amount"] as const)) {
    if (typed(field)) input[field] = amountFromForm(typed(field), currency, field);
  }
  for (const field of ["maxPayments", "expiresIn"] as const) {
    if (typed(field)) input[field] = numberOrText(typed(field));
  }
  const parsed = createPaymentPageSchema(scope.environment).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, input);
  return createPaymentPage(client, { merchantId: scope.merchantId, environment: scope.environment, input: parsed.data });
}
