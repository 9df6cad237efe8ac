import type { DbClient } from "@/lib/core/db/client";
import { parseAmountInput } from "@/lib/core/domain/amount-input";
import { DomainError } from "@/lib/core/errors/domain-error";
import { validationError } from "@/lib/core/errors/validation-errors";
import { checkFieldsText } from "@/lib/core/request/storable-text";
import { createPaymentPageSchema } from "@/lib/core/schemas/payment-page";
import { createPaymentPage } from "@/lib/features/payment-pages/create-payment-page";
import { numberOrText } from "@/lib/features/merchants/form-input";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

export const PAGE_FORM_FIELDS = ["description", "currency", "amountType", "amount", "minAmount", "maxAmount", "maxPayments", "expiresIn"] as const;

const AMOUNT_FIELDS = ["amount", "minAmount", "maxAmount"] as const;

/** A typed amount ("2 500", "2.500") as the API's JSON number, or 40010 naming the field and why it is none. */
function amountOf(field: (typeof AMOUNT_FIELDS)[number], text: string, currency: string): number {
  const parsed = parseAmountInput(text, currency);
  if (parsed.ok) return Number(parsed.text);
  const decimals = parsed.reason === "too_many_decimals";
  const words = decimals ? `has more decimals than ${currency} allows` : "must be a number";
  throw new DomainError("invalid", { reason: "amount", details: `${field} ${words}`, field, rule: decimals ? "decimals" : "not_a_number" });
}

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
  const chooses = typed("amountType") === "customer_chooses";
  if (!chooses && !typed("amount")) throw new DomainError("invalid", { reason: "amount", details: "amount is required", field: "amount", rule: "required" });
  for (const field of chooses ? (["minAmount", "maxAmount"] as const) : (["amount"] as const)) {
    if (typed(field)) input[field] = amountOf(field, typed(field), currency);
  }
  for (const field of ["maxPayments", "expiresIn"] as const) {
    if (typed(field)) input[field] = numberOrText(typed(field));
  }
  const parsed = createPaymentPageSchema(scope.environment).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, input);
  return createPaymentPage(client, { merchantId: scope.merchantId, environment: scope.environment, input: parsed.data });
}
