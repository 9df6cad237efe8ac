import "server-only";
import { computeAnalytics } from "@/lib/features/analytics/compute-analytics";
import { db } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";

/** The support view's merchant page: the merchant's analytics in one environment and currency over [from, to). */
export function getMerchantAnalytics(scope: { merchantId: string; environment: Environment; currency: string; from: Date; to: Date }) {
  return computeAnalytics(db(), scope);
}
