import "server-only";
import { db } from "@/lib/core/db/client";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { getPaymentLinkDetail } from "@/lib/features/payments/get-payment-link-detail";
import type { ListFilters } from "@/lib/core/domain/list-filters";
import { listPaymentLinks } from "@/lib/features/links/list-payment-links";
import { linkSendingView } from "@/lib/surfaces/dashboard/send-link-from-form";

// The links pages' reads on the process's database (the functions they call take a client, for
// tests and transactions); each stays inside the member's merchant and environment.

/** One page of the scope's payment links, as the links list filters and pages them. */
export function listMerchantLinks(scope: MerchantScope, filters: ListFilters) {
  return listPaymentLinks(db(), scope, filters);
}

/** One of the scope's links with its payments, refunds and webhook deliveries; not found (a DomainError) outside the scope. */
export function getMerchantLink(scope: MerchantScope, reference: string, origin: string) {
  return getPaymentLinkDetail(db(), scope, reference, origin);
}

/** How the scope's link may be sent (email, SMS) and the sends made so far. */
export function getMerchantLinkSending(scope: MerchantScope, reference: string) {
  return linkSendingView(db(), scope, reference);
}
