import "server-only";
import { db } from "@/lib/core/db/client";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { readMerchantSettings } from "@/lib/features/merchants/update-merchant-settings";

/** The settings page's form values: the scope's merchant name, logo, support contacts, language, country and receipts switch. */
export function getMerchantSettings(scope: MerchantScope) {
  return readMerchantSettings(db(), scope);
}
