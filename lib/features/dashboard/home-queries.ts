import "server-only";
import { db } from "@/lib/core/db/client";
import { balanceOverview } from "./balance-and-payouts";
import type { DashboardScope } from "./dashboard-scope";
import { parseListFilters } from "./list-filters";
import { LINK_STATUSES, listPaymentLinks } from "./list-payment-links";

/** The dashboard's home page: the scope's latest links (the links list's first page, unfiltered) and its balances. */
export async function getHomeOverview(scope: DashboardScope) {
  const [page, balances] = await Promise.all([listPaymentLinks(db(), scope, parseListFilters({}, LINK_STATUSES)), balanceOverview(db(), scope)]);
  return { page, balances };
}
