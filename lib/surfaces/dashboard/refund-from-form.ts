import { validationError } from "@/lib/core/errors/validation-errors";
import { checkFieldsText } from "@/lib/core/request/storable-text";
import { refundRequestSchema } from "@/lib/core/schemas/refund";
import { parseAmountInput } from "@/lib/core/domain/amount-input";

// The "refund" form of a paid link's or a completed deposit's page: its fields become the API's
// request body and go through the same schema and the same acceptRefund as POST /api/v4/refunds
// (lib/surfaces/dashboard/money-out-forms.ts), so they meet the same limits (at most what can
// still be refunded, out of the available balance) and the same errors.

export const REFUND_FORM_FIELDS = ["paymentReference", "amount", "reason"] as const;

/** Who asked for a refund made from the dashboard's form, as the refund records it. */
export const refundRequester = (userId: string) => `dashboard:${userId}`;

/** The refund form's fields as the API's request body, checked by the API's schema (errors are the API's). */
export function refundInputFromForm(form: Record<string, string>) {
  checkFieldsText(new URLSearchParams(form));
  const input: Record<string, unknown> = {};
  for (const field of REFUND_FORM_FIELDS) {
    const value = form[field]?.trim();
    if (!value) continue;
    // Typed as people type it ("5 000", "12,50"): the payment's currency then checks its decimals.
    input[field] = field === "amount" ? amountOrText(value) : value;
  }
  const parsed = refundRequestSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, input);
  return parsed.data;
}

/** The amount as a JSON number with up to two decimals (the most any currency has here), or the text, for the schema's 40010. */
function amountOrText(text: string): number | string {
  const parsed = parseAmountInput(text, "EUR");
  return parsed.ok ? Number(parsed.text) : text;
}
