import "server-only";
import { db } from "@/lib/core/db/client";
import type { DashboardScope } from "./dashboard-scope";
import { getDepositDetail } from "./get-deposit-detail";
import { listDeposits } from "./list-deposits";
import type { ListFilters } from "./list-filters";

// The deposits pages' reads on the process's database; each stays inside the member's merchant and environment.

/** One page of the scope's deposits, as the deposits list filters and pages them. */
export function listMerchantDeposits(scope: DashboardScope, filters: ListFilters) {
  return listDeposits(db(), scope, filters);
}

/** One of the scope's deposits with its refunds and webhook deliveries; not found (a DomainError) outside the scope. */
export function getMerchantDeposit(scope: DashboardScope, reference: string) {
  return getDepositDetail(db(), scope, reference);
}
