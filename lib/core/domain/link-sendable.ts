import { effectiveLinkStatus, type LinkStatus } from "./link-status";

/**
 * Whether a link may still be sent to a customer: only while it can be paid. A pending link until
 * it expires; a failed one too, since a failed link can be paid again until it expires
 * (docs/decisions.md). A completed or expired link is never sent: the customer could not pay it.
 */
export function canSendLink(link: { status: LinkStatus; expiresAt: Date }, now = new Date()): boolean {
  if (now.getTime() >= link.expiresAt.getTime()) return false;
  const status = effectiveLinkStatus(link, now);
  return status === "pending" || status === "failed";
}
