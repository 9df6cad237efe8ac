import type { Prisma } from "@prisma/client";
import type { Environment } from "@/lib/core/domain/environment";
import { DomainError } from "@/lib/core/errors/domain-error";
import { consume, limiterFor, limitFromEnv } from "@/lib/core/limits/rate-limit";
import { addressLimitKey } from "@/lib/core/request/client-address";
import { PAGE_LINK_LIFETIME_SECONDS } from "./page-places";

// Issue 46, item 12: how many links "Pay" on payment pages may make. Anyone can post a page's form
// (it is public, printed on a poster), so the links are bounded where every process sees them:
// - per page and per merchant, the links still open (unpaid, not expired) are counted in the
//   database, under the page's row lock and then the merchant's, in the transaction that makes the
//   link: many addresses, on any number of processes, without Redis, cannot push a page or a
//   merchant past its ceiling, nor fill the merchant's list with links that each later send a
//   payment_link.expired; a link paid or expired frees its share;
// - per client address and page, an allowance (the rate limiter: shared through Redis when
//   configured, else per process): one address behind a carrier's shared address, however busy,
//   blocks neither another page nor another address, and never for more than its short window.

const ALLOWANCE_WINDOW_SECONDS = 10 * 60;

/** A page or a merchant has as many open page links as it may: try again at `retryAt`, when the oldest ends at the latest (429/42900). */
export class PageBusyError extends DomainError {
  constructor(
    readonly retryAt: Date,
    limit: number,
    now: Date,
    details: string,
  ) {
    const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
    super("limited", { details, retryAfterSeconds: seconds, rateLimit: { limit, remaining: 0, resetSeconds: seconds } });
  }
}

/**
 * Spends one link of the address's allowance on this page (refusals included: a wrong amount
 * costs one too), or throws the limiter's 429/42900. Called only for a page that exists, so the
 * limiter keeps no key for a reference made up.
 */
export async function spendAddressAllowance(clientAddress: string, pageReference: string) {
  const limit = limiterFor("page-links-ip-page", limitFromEnv("PAGE_LINKS_PER_10_MIN_PER_IP_AND_PAGE", 20), ALLOWANCE_WINDOW_SECONDS);
  await consume(limit, `${addressLimitKey(clientAddress)}:${pageReference}`);
}

/** Page links still payable: unpaid, open, before their end (a page link lives at most PAGE_LINK_LIFETIME_SECONDS: the bound lets the merchant's count use its index). */
const openPageLinks = (now: Date) => ({
  paymentPageReference: { not: null },
  paidByDepositId: null,
  status: { in: ["pending" as const, "failed" as const] },
  expiresAt: { gt: now },
  createdAt: { gt: new Date(now.getTime() - PAGE_LINK_LIFETIME_SECONDS * 1000) },
});

async function refuseAtCeiling(tx: Prisma.TransactionClient, where: Prisma.PaymentLinkWhereInput, ceiling: number, now: Date, what: string) {
  const open = await tx.paymentLink.aggregate({ where, _count: { _all: true }, _min: { expiresAt: true } });
  if (open._count._all < ceiling) return;
  const retryAt = open._min.expiresAt ?? new Date(now.getTime() + 60_000);
  throw new PageBusyError(retryAt, ceiling, now, `${what} has ${ceiling} payment links open, its most; one ends by ${retryAt.toISOString()}`);
}

/**
 * Refuses a new link (PageBusyError) when the page, or its merchant in that environment, already
 * has its ceiling of open page links. Runs in the transaction that makes the link, under the
 * page's row lock (taken by the caller); the merchant's row is locked here (FOR NO KEY UPDATE:
 * inserts that reference the merchant are not held up), so two pages of one merchant count one
 * after the other.
 */
export async function checkOpenLinkCeilings(tx: Prisma.TransactionClient, page: { reference: string; merchantId: string; environment: Environment }, now: Date) {
  const perPage = limitFromEnv("PAGE_OPEN_LINKS_PER_PAGE", 100);
  await refuseAtCeiling(tx, { ...openPageLinks(now), paymentPageReference: page.reference }, perPage, now, `Payment page ${page.reference}`);
  await tx.$queryRaw`SELECT id FROM "Merchant" WHERE id = ${page.merchantId} FOR NO KEY UPDATE`;
  const perMerchant = limitFromEnv("PAGE_OPEN_LINKS_PER_MERCHANT", 500);
  await refuseAtCeiling(tx, { ...openPageLinks(now), merchantId: page.merchantId, environment: page.environment }, perMerchant, now, "The merchant's payment pages");
}
