import "server-only";
import { db } from "@/lib/core/db/client";
import { balanceOverview, ledgerStatement, listMerchantTransfers, withdrawalGateways } from "@/lib/features/transfers/balance-and-transfers";
import { balanceSummary } from "@/lib/features/ledger/balance-summary";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import type { ListFilters } from "@/lib/core/domain/list-filters";

/** The balance page: the scope's balances, one page of its ledger statement, its withdrawals and the gateways it may withdraw to. */
export async function getBalancePage(scope: MerchantScope, filters: ListFilters) {
  const [balances, statement, withdrawals, gateways, summaries] = await Promise.all([
    balanceOverview(db(), scope),
    ledgerStatement(db(), scope, filters),
    listMerchantTransfers(db(), scope),
    withdrawalGateways(db(), scope),
    balanceSummary(db(), scope, filters),
  ]);
  return { balances, statement, withdrawals, gateways, summaries };
}
