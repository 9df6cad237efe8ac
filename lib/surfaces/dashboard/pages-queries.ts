import "server-only";
import { db } from "@/lib/core/db/client";
import type { DbClient } from "@/lib/core/db/client";
import { effectivePageStatus } from "@/lib/core/domain/page-status";
import { lookupUrl } from "@/lib/features/charge-lookup/lookup-token";
import { qrSvg } from "@/lib/features/checkout/qr-svg";
import { checkoutGateways } from "@/lib/features/checkout/checkout-gateways";
import { getPageOrThrow } from "@/lib/features/payment-pages/get-page-or-throw";
import { listPagePayments } from "@/lib/features/payment-pages/list-page-payments";
import { pageTotals } from "@/lib/features/payment-pages/page-totals";
import { pageTypableUrl, pageUrl } from "@/lib/features/payment-pages/page-url";
import { pageAmountRule } from "@/lib/features/payment-pages/transform-page";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

// The payment pages' reads for the dashboard (issue 36 part 3), each inside the member's merchant
// and environment; the client is a parameter so the integration tests call them as the pages do.

/** How many pages the list shows: a shop has a few (one per counter or product), not thousands. */
export const PAGES_LIST_MAX = 100;

/** The scope's pages, newest first, each with its status, amount rule and completed payments. */
export async function listMerchantPages(scope: MerchantScope, client: DbClient = db(), now = new Date()) {
  const pages = await client.paymentPage.findMany({
    where: { merchantId: scope.merchantId, environment: scope.environment },
    orderBy: { createdAt: "desc" },
    take: PAGES_LIST_MAX,
  });
  // One query for every page's totals, counted as pageTotals counts them (links holding a payment).
  const sums = await client.paymentLink.groupBy({
    by: ["paymentPageReference"],
    where: { paymentPageReference: { in: pages.map((p) => p.reference) }, paidByDepositId: { not: null } },
    _count: { _all: true },
    _sum: { amountMinor: true },
  });
  const totals = new Map(sums.map((s) => [s.paymentPageReference, { paymentsCount: s._count._all, amountCollectedMinor: s._sum.amountMinor ?? 0n }]));
  return pages.map((page) => {
    const { paymentsCount, amountCollectedMinor } = totals.get(page.reference) ?? { paymentsCount: 0, amountCollectedMinor: 0n };
    return { page, status: effectivePageStatus(page, paymentsCount, now), rule: pageAmountRule(page), paymentsCount, amountCollectedMinor };
  });
}

/**
 * One of the scope's pages with its amount rule, public URL (the short one when it has a slug: the
 * one to share and type) and QR code (SVG); not found (a DomainError) outside the scope. The QR code
 * holds the reference's address, which no change of slug breaks: a printed code keeps working.
 */
async function pageWithQr(scope: MerchantScope, reference: string, origin: string, client: DbClient) {
  const page = await getPageOrThrow(client, { reference, ...scope });
  const url = pageTypableUrl(page, origin);
  return { page, rule: pageAmountRule(page), url, qrDataUrl: svgDataUrl(await qrSvg(pageUrl(page.reference, page.environment, origin))) };
}

/** One of the scope's pages with its totals, public URL, QR code (SVG) and newest payments; not found (a DomainError) outside the scope. */
export async function getMerchantPage(scope: MerchantScope, reference: string, origin: string, client: DbClient = db(), now = new Date()) {
  const shown = await pageWithQr(scope, reference, origin, client);
  const [totals, payments] = await Promise.all([
    pageTotals(client, shown.page.reference),
    listPagePayments(client, { reference, ...scope, origin, query: { limit: 100 }, now }),
  ]);
  return {
    ...shown,
    status: effectivePageStatus(shown.page, totals.paymentsCount, now),
    ...totals,
    payments: payments.data,
    morePayments: payments.hasMore,
  };
}

/**
 * What the printed poster shows: the business, the page and the mobile-money operators a
 * customer can pay it with (the card is no operator), as the checkout offers them (enabled for the merchant, taking the
 * page's currency, live only where wired), in the merchant's country when it has one. Not the
 * page's payments or totals, which a poster does not show.
 */
export async function getPagePoster(scope: MerchantScope, reference: string, origin: string, client: DbClient = db()) {
  const shown = await pageWithQr(scope, reference, origin, client);
  const [merchant, countries] = await Promise.all([
    client.merchant.findUniqueOrThrow({ where: { id: scope.merchantId }, select: { name: true, country: true, logoDataUrl: true } }),
    checkoutGateways(client, { merchantId: scope.merchantId, environment: scope.environment, currency: shown.page.currency, amountMinor: 0n }),
  ]);
  const home = countries.filter((c) => c.code === merchant.country);
  // Per country, so the poster names each country once above its operators (issue 51).
  const operators = (home.length > 0 ? home : countries)
    .map((c) => ({ country: c.code, gateways: c.gateways.filter((g) => g.name !== "CARD").map((g) => g.name) }))
    .filter((c) => c.gateways.length > 0);
  // "Was I charged?" for the poster's small print (issue 51).
  return { ...shown, merchant, operators, lookupUrl: lookupUrl(scope.environment, origin) };
}

const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
