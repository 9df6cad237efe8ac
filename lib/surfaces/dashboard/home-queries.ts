import "server-only";
import { db } from "@/lib/core/db/client";
import { balanceOverview } from "@/lib/features/transfers/balance-and-transfers";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { parseListFilters } from "@/lib/core/domain/list-filters";
import { LINK_STATUSES, listPaymentLinks } from "@/lib/features/links/list-payment-links";

/** The dashboard's home page: the scope's latest links (the links list's first page, unfiltered) and its balances. */
export async function getHomeOverview(scope: MerchantScope) {
  const [page, balances] = await Promise.all([listPaymentLinks(db(), scope, parseListFilters({}, LINK_STATUSES)), balanceOverview(db(), scope)]);
  return { page, balances };
}
