import "server-only";
import { db } from "@/lib/core/db/client";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { getDepositDetail } from "@/lib/features/deposits/get-deposit-detail";
import { listDeposits } from "@/lib/features/deposits/list-deposits";
import type { ListFilters } from "@/lib/core/domain/list-filters";

// The deposits pages' reads on the process's database; each stays inside the member's merchant and environment.

/** One page of the scope's deposits, as the deposits list filters and pages them. */
export function listMerchantDeposits(scope: MerchantScope, filters: ListFilters) {
  return listDeposits(db(), scope, filters);
}

/** One of the scope's deposits with its refunds and webhook deliveries; not found (a DomainError) outside the scope. */
export function getMerchantDeposit(scope: MerchantScope, reference: string) {
  return getDepositDetail(db(), scope, reference);
}
