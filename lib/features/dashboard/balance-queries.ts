import "server-only";
import { db } from "@/lib/core/db/client";
import { balanceOverview, ledgerStatement, listWithdrawals, withdrawalGateways } from "./balance-and-payouts";
import { balanceSummary } from "./balance-summary";
import type { DashboardScope } from "./dashboard-scope";
import type { ListFilters } from "./list-filters";

/** The balance page: the scope's balances, one page of its ledger statement, its withdrawals and the gateways it may withdraw to. */
export async function getBalancePage(scope: DashboardScope, filters: ListFilters) {
  const [balances, statement, withdrawals, gateways, summaries] = await Promise.all([
    balanceOverview(db(), scope),
    ledgerStatement(db(), scope, filters),
    listWithdrawals(db(), scope),
    withdrawalGateways(db(), scope),
    balanceSummary(db(), scope, filters),
  ]);
  return { balances, statement, withdrawals, gateways, summaries };
}
