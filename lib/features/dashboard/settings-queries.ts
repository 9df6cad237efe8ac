import "server-only";
import { db } from "@/lib/core/db/client";
import type { DashboardScope } from "./dashboard-scope";
import { readMerchantSettings } from "./update-merchant-settings";

/** The settings page's form values: the scope's merchant name, logo, support contacts, language, country and receipts switch. */
export function getMerchantSettings(scope: DashboardScope) {
  return readMerchantSettings(db(), scope);
}
