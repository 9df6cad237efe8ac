import "server-only";
import { computeAnalytics } from "@/lib/analytics/compute-analytics";
import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/domain/environment";

/** The support view's merchant page: the merchant's analytics in one environment and currency over [from, to). */
export function getMerchantAnalytics(scope: { merchantId: string; environment: Environment; currency: string; from: Date; to: Date }) {
  return computeAnalytics(db(), scope);
}
