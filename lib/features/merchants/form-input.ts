import type { DbClient } from "@/lib/core/db/client";
import { parseAmountInput } from "@/lib/core/domain/amount-input";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { normalizePhone } from "@/lib/core/domain/phone";
import { DomainError } from "@/lib/core/errors/domain-error";

// What the dashboard's forms type, read as the API's JSON would carry it: shared by the link,
// page, settings and transfer forms.

/**
 * A typed amount as the API's JSON number (exact: the parser works on the digits, and a number
 * from their decimal text is the one JSON.parse would give), or 40010 naming the field (`amount`
 * unless said) and why it is none.
 */
export function amountFromForm(text: string, currency: string, field = "amount"): number {
  const parsed = parseAmountInput(text, currency);
  if (parsed.ok) return Number(parsed.text);
  const decimals = parsed.reason === "too_many_decimals";
  const words = decimals ? `has more decimals than ${currency} allows` : "must be a number";
  throw new DomainError("invalid", { reason: "amount", details: `${field} ${words}`, field, rule: decimals ? "decimals" : "not_a_number" });
}

/** A typed phone in E.164, read in the local form of `country` (or the merchant's); as typed when it is no number, for the schema's 40014. */
export async function phoneFromForm(client: DbClient, scope: MerchantScope, text: string, country?: string | null): Promise<string> {
  const home = country ?? (await client.merchant.findUnique({ where: { id: scope.merchantId }, select: { country: true } }))?.country;
  return normalizePhone(text, home) ?? text;
}

/** What JSON.parse would make of the text as a number; the text itself when it is none, so the schema says "must be a number". */
export function numberOrText(text: string): number | string {
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}
