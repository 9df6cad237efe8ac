import type { PaymentPage } from "@prisma/client";
import { toMajor, toMinor } from "@/lib/core/domain/money";
import { effectivePageStatus } from "@/lib/core/domain/page-status";
import { formatWholeSeconds } from "@/lib/core/domain/time";
import { LINK_AMOUNT } from "@/lib/core/schemas/payment-link";
import type { PageTotals } from "./page-totals";
import { pageQrUrl, pageTypableUrl, pageUrl } from "./page-url";

// Pages become API JSON here and nowhere else.

/** The amounts a customer may pay on a page, in minor units: the set price, or the range (the link's limits where none was given). */
export function pageAmountRule(page: Pick<PaymentPage, "amountMinor" | "minAmountMinor" | "maxAmountMinor" | "currency">) {
  if (page.amountMinor !== null) return { type: "fixed" as const, amountMinor: page.amountMinor };
  return {
    type: "customer_chooses" as const,
    minMinor: page.minAmountMinor ?? toMinor(LINK_AMOUNT.min, page.currency)!,
    maxMinor: page.maxAmountMinor ?? toMinor(LINK_AMOUNT.max, page.currency)!,
  };
}

export function toPaymentPageJson(page: PaymentPage, origin: string, totals: PageTotals, now = new Date()) {
  const url = pageUrl(page.reference, page.environment, origin);
  const rule = pageAmountRule(page);
  const major = (minor: bigint) => toMajor(minor, page.currency);
  return {
    reference: page.reference,
    url,
    slug: page.slug,
    shortUrl: page.slug ? pageTypableUrl(page, origin) : null,
    qrCodeUrl: pageQrUrl(url, "png"),
    qrCodeSvgUrl: pageQrUrl(url, "svg"),
    status: effectivePageStatus(page, totals.paymentsCount, now),
    description: page.description,
    currency: page.currency,
    amountType: rule.type,
    amount: rule.type === "fixed" ? major(rule.amountMinor) : null,
    minAmount: rule.type === "customer_chooses" ? major(rule.minMinor) : null,
    maxAmount: rule.type === "customer_chooses" ? major(rule.maxMinor) : null,
    maxPayments: page.maxPayments,
    paymentsCount: totals.paymentsCount,
    amountCollected: major(totals.amountCollectedMinor),
    callbackUrl: page.callbackUrl,
    returnUrl: page.returnUrl,
    metadata: (page.metadata as Record<string, unknown> | null) ?? null,
    createdAt: formatWholeSeconds(page.createdAt),
    expiresAt: page.expiresAt ? formatWholeSeconds(page.expiresAt) : null,
  };
}
