export type LinkStatus = "pending" | "completed" | "expired" | "failed";

/**
 * Statuses no payment can leave. `failed` is not one of them: it says the last attempt failed,
 * and the link stays payable until its expiresAt (docs/decisions.md, "Payment links").
 */
export const FINAL_LINK_STATUSES: readonly LinkStatus[] = ["completed", "expired"];

/** Statuses a customer may still pay from, before expiresAt: open, or open after a failed attempt. */
export const PAYABLE_LINK_STATUSES: readonly LinkStatus[] = ["pending", "failed"];

/**
 * The status a reader must see. A link still open (pending, or failed and open for a retry) past
 * its expiresAt is expired at once, even if the job that records the expiry and sends
 * payment_link.expired has not run yet.
 */
export function effectiveLinkStatus(link: { status: LinkStatus; expiresAt: Date }, now = new Date()): LinkStatus {
  if (PAYABLE_LINK_STATUSES.includes(link.status) && now.getTime() >= link.expiresAt.getTime()) return "expired";
  return link.status;
}

/** Whether a customer may start a new attempt now: the link is open (even after a failed attempt) and not expired. */
export function isLinkPayable(link: { status: LinkStatus; expiresAt: Date }, now = new Date()): boolean {
  return PAYABLE_LINK_STATUSES.includes(effectiveLinkStatus(link, now));
}

/**
 * The link's state machine. From pending: an attempt fails it, a payment completes it, its
 * expiresAt expires it. From failed (before expiresAt): a new attempt reopens it (pending), a
 * payment of any attempt completes it, its expiresAt expires it. Completed and expired are final.
 */
export function canTransitionLink(from: LinkStatus, to: LinkStatus): boolean {
  if (from === "pending") return to !== "pending";
  if (from === "failed") return to !== "failed";
  return false;
}
