import "server-only";
import { db } from "@/lib/core/db/client";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { readMerchantSettings } from "@/lib/features/merchants/update-merchant-settings";
import { readBatchSelfApproval } from "@/lib/features/merchants/batch-self-approval";

/** The settings page's form values: the scope's merchant name, logo, support contacts, language, country and receipts switch. */
export function getMerchantSettings(scope: MerchantScope) {
  return readMerchantSettings(db(), scope);
}

/** The one-person bulk payout threshold (issue 49), or null when a second member always approves. */
export function getBatchSelfApproval(scope: MerchantScope) {
  return readBatchSelfApproval(db(), scope);
}
