import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { PAGE_PAYMENTS_PAGE_DEFAULT, type ListPagePaymentsQuery } from "@/lib/core/schemas/payment-page";
import { findAttemptsOfLinks } from "@/lib/features/links/link-attempts";
import { toPaymentLinkJson } from "@/lib/features/links/transform-link";
import { getPageOrThrow } from "./get-page-or-throw";

/**
 * One page of the payment links made from a payment page, newest first, each as the link's own
 * read shows it (its attempts included). Ordered by reference: within one environment every link
 * reference is the same prefix and a ULID, so its order is the order of creation. The cursor is a
 * reference compared, not looked up: links made meanwhile only ever appear before the first page.
 */
export async function listPagePayments(
  client: DbClient,
  options: { reference: string; merchantId: string; environment: Environment; origin: string; query: ListPagePaymentsQuery; now?: Date },
) {
  const page = await getPageOrThrow(client, options);
  const limit = options.query.limit ?? PAGE_PAYMENTS_PAGE_DEFAULT;
  const rows = await client.paymentLink.findMany({
    where: { paymentPageReference: page.reference, ...(options.query.startingAfter ? { reference: { lt: options.query.startingAfter } } : {}) },
    orderBy: { reference: "desc" },
    take: limit + 1,
  });
  const links = rows.slice(0, limit);
  const attempts = await findAttemptsOfLinks(client, links.map((link) => link.id));
  return {
    data: links.map((link) => toPaymentLinkJson(link, options.origin, attempts.get(link.id) ?? [], options.now)),
    hasMore: rows.length > limit,
  };
}
