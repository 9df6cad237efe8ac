import { db } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { isNotFound, isOutcome } from "@/lib/core/errors/domain-error";
import { findCustomerPage } from "./find-customer-page";
import { makePagePaymentLink, PageAmountError, PageClosedError } from "./make-page-payment-link";
import { PageFullError } from "./page-places";

// The customer's page (/p/{reference}) without JavaScript (issue 36 part 2): a plain form posts
// the typed amount to /p/{reference}/pay, which calls submitPageForm and answers 303, either to the
// new link's checkout or back to the page with what went wrong in the query (readPageQuery), so
// the page says it in the customer's language and keeps what was typed.

/** What /p/{reference} shows (findCustomerPage), for the page itself, which reaches the database through lib. */
export const readCustomerPage = (reference: string, environment: Environment) => findCustomerPage(db(), reference, environment);

/** What the page says above its amount field (or instead of its form, for tooMany). */
export const PAGE_FORM_ERRORS = ["empty", "notANumber", "tooManyDecimals", "outOfRange", "tooMany", "generic"] as const;
export type PageFormError = (typeof PAGE_FORM_ERRORS)[number];

/** The longest typed amount carried back in the query (anything longer was not an amount). */
const TYPED_MAX = 40;

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

export function pageFormSearch(error: PageFormError, typed?: string): string {
  const query = new URLSearchParams({ error });
  if (typed) query.set("amount", typed.slice(0, TYPED_MAX));
  return `?${query}`;
}

/**
 * One post of a page's form. A double tap on "Pay" posts twice and makes at most two links (the
 * browser follows the last answer): the other is never shown, expires at its end and counts for
 * nothing once it has (docs/decisions.md, payment pages).
 */
export async function submitPageForm(options: { reference: string; environment: Environment; amount: string | undefined; clientAddress: string }): Promise<PageFormAnswer> {
  try {
    const link = await makePagePaymentLink(db(), options);
    return { linkReference: link.reference };
  } catch (error) {
    if (error instanceof PageAmountError) return { search: pageFormSearch(AMOUNT_REASONS[error.problem], options.amount?.trim()) };
    // The page, drawn again, says it is closed and why, or full and until when (it reads both itself).
    if (error instanceof PageClosedError || error instanceof PageFullError) return { search: "" };
    if (isNotFound(error)) return { notFound: true };
    if (isOutcome(error, "limited")) return { search: pageFormSearch("tooMany", options.amount?.trim()) };
    throw error;
  }
}

/** The page's query as the form's answer left it: a known error only, and the amount typed (for the field). */
export function readPageQuery(query: Record<string, string | string[] | undefined>): { error: PageFormError | null; amount: string } {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";
  const error = first(query.error);
  return {
    error: (PAGE_FORM_ERRORS as readonly string[]).includes(error) ? (error as PageFormError) : null,
    amount: first(query.amount).slice(0, TYPED_MAX),
  };
}
