import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { DomainError } from "@/lib/core/errors/domain-error";
import { limitFromEnv } from "@/lib/core/limits/rate-limit";
import { lockPaymentLink } from "@/lib/features/links/lock-payment-link";
import { transitionLink } from "@/lib/features/links/transition-link";

// Issue 46, item 8: a page's maxPayments is a hard cap. Each open link of a capped page holds one
// of its places, so places = maxPayments - payments - live holds, and "Pay" makes a link only while
// one is left (decided under the page's row lock: lib/features/payment-pages/make-page-payment-link.ts).
// A hold is the link's own life, PAGE_PLACE_HOLD_SECONDS: when it lapses the link expires by the
// link's ordinary rule (no attempt can start on it, readers see it expired, payment_link.expired
// is sent), so nothing else has to know about holds. An attempt already at the operator keeps the
// place until it settles, however long the link has been expired. Money that still comes past the
// cap (an approval after expiry) is the link's "paid after expiry": credited, counted, over the cap.

/** How long the link made for one customer of a page without maxPayments stays payable: the time to pay at a counter, not a day. */
export const PAGE_LINK_LIFETIME_SECONDS = 30 * 60;

/** The place hold by default: a few minutes, enough to choose an operator and approve on the phone. */
const HOLD_DEFAULT_SECONDS = 10 * 60;
const HOLD_MIN_SECONDS = 60;

/** The shortest wait a full page announces: a lapsed hold's link and attempts are recorded by the due-work pass, not to the second. */
const MIN_RETRY_MS = 60_000;

/** The hold, in seconds: the setting, kept between a minute and an uncapped page's link lifetime. */
export function placeHoldSeconds(): number {
  return Math.min(PAGE_LINK_LIFETIME_SECONDS, Math.max(HOLD_MIN_SECONDS, limitFromEnv("PAGE_PLACE_HOLD_SECONDS", HOLD_DEFAULT_SECONDS)));
}

/** The life of a link a page makes: its place hold on a capped page, else the counter's 30 minutes. */
export function pageLinkLifetimeSeconds(page: { maxPayments: number | null }): number {
  return page.maxPayments === null ? PAGE_LINK_LIFETIME_SECONDS : placeHoldSeconds();
}

/** Every place of a capped page is paid or held: try again at `retryAt`, when the first hold can end (409/40020 with Retry-After). */
export class PageFullError extends DomainError {
  constructor(
    reference: string,
    readonly retryAt: Date,
    now: Date,
  ) {
    super("conflict", {
      details: `Every place of payment page ${reference} is paid or held by a customer paying now; try again after ${retryAt.toISOString()}`,
      retryAfterSeconds: Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)),
    });
  }
}

export type PagePlaces = {
  /** Links that hold a payment (completed, or paid after expiry). */
  paid: number;
  /** Unpaid links holding a place: open (within their hold), or with an attempt still pending at its operator. */
  held: number;
  /** When the first held place can free at the latest (at least a minute from now); null when none is held. */
  retryAt: Date | null;
};

/**
 * A capped page's places as they stand. The holds are read before the payments: a hold that becomes
 * a payment in between is then counted twice (one place too few, for that one decision), never
 * missed. A held place frees when its link's life is over and its pending attempts have settled.
 */
export async function pagePlaces(client: DbClient, paymentPageReference: string, now: Date): Promise<PagePlaces> {
  const holds = await client.paymentLink.findMany({
    where: {
      paymentPageReference,
      paidByDepositId: null,
      OR: [{ status: { in: ["pending", "failed"] }, expiresAt: { gt: now } }, { attempts: { some: { status: "pending" } } }],
    },
    select: { expiresAt: true, attempts: { where: { status: "pending" }, select: { expiresAt: true } } },
  });
  const paid = await client.paymentLink.count({ where: { paymentPageReference, paidByDepositId: { not: null } } });
  const freeAt = holds.map((hold) => Math.max(hold.expiresAt.getTime(), ...hold.attempts.map((a) => a.expiresAt.getTime())));
  const retryAt = freeAt.length ? new Date(Math.max(Math.min(...freeAt), now.getTime() + MIN_RETRY_MS)) : null;
  return { paid, held: holds.length, retryAt };
}

/**
 * Gives up the holds of a capped page that have lapsed: each unpaid link past its expiresAt with no
 * attempt pending is recorded expired now (payment_link.expired), as the due-work pass would a moment
 * later. Each is row-locked first, and its attempts read after the lock: a checkout starting an
 * attempt on it (lib/features/checkout/start-link-attempt.ts, under the same lock) either committed
 * first, and its pending attempt keeps the place, or finds the link expired and is refused, whatever
 * either process's clock said. Runs under the page's row lock.
 */
export async function releaseLapsedHolds(tx: Prisma.TransactionClient, paymentPageReference: string, now: Date) {
  const lapsed = await tx.paymentLink.findMany({
    where: { paymentPageReference, paidByDepositId: null, status: { in: ["pending", "failed"] }, expiresAt: { lte: now } },
    select: { id: true, expiresAt: true },
    orderBy: { id: "asc" },
  });
  for (const link of lapsed) {
    await lockPaymentLink(tx, link.id);
    if ((await tx.deposit.count({ where: { paymentLinkId: link.id, status: "pending" } })) > 0) continue;
    // Conditional: a link paid or expired meanwhile is left as it is.
    await transitionLink(tx, { id: link.id, to: "expired", at: link.expiresAt });
  }
}

/**
 * Takes one of a capped page's places for a new link, or throws PageFullError saying when to come
 * back. Under the page's row lock, so concurrent "Pay" taps are decided one after the other.
 */
export async function takePlace(tx: Prisma.TransactionClient, page: { reference: string; maxPayments: number }, now: Date) {
  await releaseLapsedHolds(tx, page.reference, now);
  const places = await pagePlaces(tx, page.reference, now);
  if (places.paid + places.held < page.maxPayments) return;
  // Full but not exhausted: something is held (an exhausted page is refused as closed before this).
  throw new PageFullError(page.reference, places.retryAt ?? new Date(now.getTime() + MIN_RETRY_MS), now);
}

/** When a capped page's places are all paid or held, until when (the customer's page says so instead of offering "Pay"); else null. */
export async function pageFullUntil(client: DbClient, page: { reference: string; maxPayments: number | null }, now: Date): Promise<Date | null> {
  if (page.maxPayments === null) return null;
  const places = await pagePlaces(client, page.reference, now);
  return places.paid + places.held >= page.maxPayments ? places.retryAt : null;
}
