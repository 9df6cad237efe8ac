import type { Event } from "../types.js";

/**
 * Every event type the service sends, for --events. The `satisfies` holds it to the generated
 * schema's union at compile time; scripts/webhooks-listen's test holds it to the service's own list.
 */
export const EVENT_TYPES = [
  "payment_link.completed",
  "payment_link.failed",
  "payment_link.expired",
  "payment_link.paid_after_expiry",
  "deposit.completed",
  "deposit.failed",
  "deposit.expired",
  "transfer.completed",
  "transfer.failed",
  "transfer_batch.completed",
  "refund.completed",
  "refund.failed",
] as const satisfies readonly Event["type"][];
