import type { Environment } from "@/lib/core/domain/environment";

/** What every dashboard query and action is scoped by: the member's merchant and the chosen environment. */
export type MerchantScope = { merchantId: string; environment: Environment };
