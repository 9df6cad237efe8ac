import type { DbClient } from "@/lib/core/db/client";
import { validationError } from "@/lib/core/errors/validation-errors";
import { checkFieldsText } from "@/lib/core/request/storable-text";
import { createRefund } from "@/lib/features/refunds/create-refund";
import { refundRequestSchema } from "@/lib/core/schemas/refund";
import { parseAmountInput } from "@/lib/core/domain/amount-input";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

export const REFUND_FORM_FIELDS = ["paymentReference", "amount", "reason"] as const;

/**
 * The "refund" form of a paid link's or a completed deposit's page: its fields become the API's
 * request body and go through the same schema and the same createRefund as POST /api/v4/refunds,
 * so they meet the same limits (at most what can still be refunded, out of the available balance)
 * and the same errors. Recorded as asked for from the dashboard by this user.
 */
export async function refundFromForm(client: DbClient, scope: MerchantScope, userId: string, form: Record<string, string>) {
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
  return createRefund(client, { merchantId: scope.merchantId, environment: scope.environment, input: parsed.data, requestedBy: `dashboard:${userId}` });
}

/** The amount as a JSON number with up to two decimals (the most any currency has here), or the text, for the schema's 40010. */
function amountOrText(text: string): number | string {
  const parsed = parseAmountInput(text, "EUR");
  return parsed.ok ? Number(parsed.text) : text;
}
