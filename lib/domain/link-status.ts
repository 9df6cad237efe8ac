export type LinkStatus = "pending" | "completed" | "expired" | "failed";

export const FINAL_LINK_STATUSES: readonly LinkStatus[] = ["completed", "expired", "failed"];

/**
 * The status a reader must see. A pending link past its expiresAt is expired at once, even if
 * the job that records the expiry and sends payment_link.expired has not run yet.
 */
export function effectiveLinkStatus(link: { status: LinkStatus; expiresAt: Date }, now = new Date()): LinkStatus {
  if (link.status === "pending" && now.getTime() >= link.expiresAt.getTime()) return "expired";
  return link.status;
}

/** Only a pending link moves; completed, failed and expired are final. */
export function canTransitionLink(from: LinkStatus, to: LinkStatus): boolean {
  return from === "pending" && to !== "pending";
}
