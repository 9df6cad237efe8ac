// A payment page's status (issue 36). Only the merchant's switch is stored (active | inactive);
// expired and exhausted follow from expiresAt and the completed payments, so readers never see a
// page "active" past its expiry or its last allowed payment, whatever job has or has not run.

export const PAGE_STATUSES = ["active", "inactive", "exhausted", "expired"] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

type PageFacts = { status: "active" | "inactive"; expiresAt: Date | null; maxPayments: number | null };

/**
 * What no switch can change comes first: expired (final), then exhausted (maxPayments completed
 * payments reached), then the merchant's own switch.
 */
export function effectivePageStatus(page: PageFacts, paymentsCount: number, now = new Date()): PageStatus {
  if (page.expiresAt && now.getTime() >= page.expiresAt.getTime()) return "expired";
  if (page.maxPayments !== null && paymentsCount >= page.maxPayments) return "exhausted";
  return page.status;
}
