import { db } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { isNotFound, isOutcome } from "@/lib/core/errors/domain-error";
import { findCustomerPage } from "@/lib/features/payment-pages/find-customer-page";
import { makePagePaymentLink, PageAmountError, PageClosedError } from "@/lib/features/payment-pages/make-page-payment-link";
import { PageBusyError } from "@/lib/features/payment-pages/page-link-limits";
import { PageFullError } from "@/lib/features/payment-pages/page-places";

// The customer's page (/p/{reference}) without JavaScript (issue 36 part 2): a plain form posts
// the typed amount to /p/{reference}/pay, which calls submitPageForm and answers 303, either to the
// new link's checkout or back to the page with what went wrong in the query (readPageQuery), so
// the page says it in the customer's language and keeps what was typed.

/** What /p/{reference} shows (findCustomerPage), for the page itself, which reaches the database through lib. */
export const readCustomerPage = (reference: string, environment: Environment) => findCustomerPage(db(), reference, environment);

/** What the page says above its amount field (or above its form, for tooMany, busy and generic: nothing typed was wrong). */
export const PAGE_FORM_ERRORS = ["empty", "notANumber", "tooManyDecimals", "outOfRange", "tooMany", "busy", "generic"] as const;
export type PageFormError = (typeof PAGE_FORM_ERRORS)[number];

/** The longest typed amount carried back in the query (anything longer was not an amount). */
const TYPED_MAX = 40;

/** The furthest `until` the page believes (the query is the customer's to edit): no wait it announces is longer. */
const UNTIL_MAX_MS = 24 * 60 * 60 * 1000;

export type PageFormAnswer =
  /** A link was made: the customer continues on its checkout. */
  | { linkReference: string }
  /** Back to the page with this query ("" when the page itself now says why: closed). */
  | { search: string }
  /** No such page in this environment. */
  | { notFound: true };

const AMOUNT_REASONS: Record<PageAmountError["problem"], PageFormError> = {
  empty: "empty",
  not_a_number: "notANumber",
  too_many_decimals: "tooManyDecimals",
  out_of_range: "outOfRange",
};

/** The page's query for an error: the amount typed, and for a wait (tooMany, busy) until when, in whole seconds since the epoch (rounded up). */
export function pageFormSearch(error: PageFormError, typed?: string, until?: Date): string {
  const query = new URLSearchParams({ error });
  if (typed) query.set("amount", typed.slice(0, TYPED_MAX));
  if (until) query.set("until", String(Math.ceil(until.getTime() / 1000)));
  return `?${query}`;
}

/**
 * One post of a page's form. A double tap on "Pay" posts twice and makes at most two links (the
 * browser follows the last answer): the other is never shown, expires at its end and counts for
 * nothing once it has (docs/decisions.md, payment pages).
 */
export async function submitPageForm(options: { reference: string; environment: Environment; amount: string | undefined; clientAddress: string; now?: Date }): Promise<PageFormAnswer> {
  const now = options.now ?? new Date();
  try {
    const link = await makePagePaymentLink(db(), { ...options, now });
    return { linkReference: link.reference };
  } catch (error) {
    const typed = options.amount?.trim();
    if (error instanceof PageAmountError) return { search: pageFormSearch(AMOUNT_REASONS[error.problem], typed) };
    // The page, drawn again, says it is closed and why, or full and until when (it reads both itself).
    if (error instanceof PageClosedError || error instanceof PageFullError) return { search: "" };
    if (isNotFound(error)) return { notFound: true };
    if (error instanceof PageBusyError) return { search: pageFormSearch("busy", typed, error.retryAt) };
    if (isOutcome(error, "limited")) {
      const until = error.retryAfterSeconds ? new Date(now.getTime() + error.retryAfterSeconds * 1000) : undefined;
      return { search: pageFormSearch("tooMany", typed, until) };
    }
    throw error;
  }
}

/**
 * The page's query as the form's answer left it: a known error only, the amount typed (for the
 * field), and until when to wait: a time still to come, within a day, else none (the page then
 * says to wait without saying how long).
 */
export function readPageQuery(
  query: Record<string, string | string[] | undefined>,
  now = new Date(),
): { error: PageFormError | null; amount: string; until: Date | null } {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";
  const error = first(query.error);
  const untilText = first(query.until);
  const until = /^\d{1,12}$/.test(untilText) ? Number(untilText) * 1000 : NaN;
  return {
    error: (PAGE_FORM_ERRORS as readonly string[]).includes(error) ? (error as PageFormError) : null,
    amount: first(query.amount).slice(0, TYPED_MAX),
    until: until > now.getTime() && until <= now.getTime() + UNTIL_MAX_MS ? new Date(until) : null,
  };
}
