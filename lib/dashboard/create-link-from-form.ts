import type { DbClient } from "@/lib/db/client";
import { validationError } from "@/lib/http/validation-errors";
import { checkFieldsText } from "@/lib/http/storable-text";
import { createPaymentLink } from "@/lib/links/create-payment-link";
import { createPaymentLinkSchema } from "@/lib/schemas/payment-link";
import type { DashboardScope } from "./dashboard-scope";

export const LINK_FORM_FIELDS = ["amount", "currency", "description", "customerName", "customerEmail", "customerPhone", "callbackUrl", "expiresIn"] as const;
const NUMBER_FIELDS = new Set(["amount", "expiresIn"]);

/**
 * The "new payment link" form for people who do not code: its fields become the API's request
 * body and go through the same schema and the same create code, so they meet the same rules and
 * the same errors (ApiError with the spec's code and the field in details). Empty optional
 * fields are left out, as a JSON client would.
 */
export async function createLinkFromForm(client: DbClient, scope: DashboardScope, form: Record<string, string>) {
  checkFieldsText(new URLSearchParams(form));
  const input: Record<string, unknown> = {};
  for (const field of LINK_FORM_FIELDS) {
    const value = form[field]?.trim();
    if (!value) continue;
    // A number typed with a comma (French habit) is the same number.
    input[field] = NUMBER_FIELDS.has(field) ? numberOrText(value.replace(",", ".")) : value;
  }
  const parsed = createPaymentLinkSchema(scope.environment).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, input);
  return createPaymentLink(client, { merchantId: scope.merchantId, environment: scope.environment, input: parsed.data });
}

/** What JSON.parse would make of the text as a number; the text itself when it is none, so the schema says "must be a number". */
export function numberOrText(text: string): number | string {
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}
