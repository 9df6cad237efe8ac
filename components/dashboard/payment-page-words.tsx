import { formatMinor } from "@/lib/core/domain/money";
import type { PageStatus } from "@/lib/core/domain/page-status";
import type { pageAmountRule } from "@/lib/features/payment-pages/transform-page";

// How the pages' list, detail and poster say a page's price and status in the member's language.

type Words = (key: string, values?: Record<string, string>) => string;

/** "2 500 XOF", or "Montant libre" with the range the merchant set ("de 500 à 10 000 XOF"). */
export function amountRuleText(t: Words, page: { currency: string; minAmountMinor: bigint | null; maxAmountMinor: bigint | null }, rule: ReturnType<typeof pageAmountRule>, locale: string): string {
  if (rule.type === "fixed") return formatMinor(rule.amountMinor, page.currency, locale);
  const money = (minor: bigint) => formatMinor(minor, page.currency, locale);
  // Only the ends the merchant set: the link's own limits are no news to them.
  if (page.minAmountMinor !== null && page.maxAmountMinor !== null) return t("amount.between", { min: money(page.minAmountMinor), max: money(page.maxAmountMinor) });
  if (page.minAmountMinor !== null) return t("amount.atLeast", { min: money(page.minAmountMinor) });
  if (page.maxAmountMinor !== null) return t("amount.atMost", { max: money(page.maxAmountMinor) });
  return t("amount.free");
}

export function PageStatusBadge({ t, status }: { t: Words; status: PageStatus }) {
  // Active takes payments (the link's "completed" green); the others take none.
  const look = status === "active" ? "completed" : status === "inactive" ? "pending" : "expired";
  return <span className={`badge badge-${look}`}>{t(`status.${status}`)}</span>;
}
