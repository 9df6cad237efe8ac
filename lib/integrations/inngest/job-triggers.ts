import { eventType } from "inngest";
import { z } from "zod";

// The job triggers: the Inngest events that start jobs (lib/features/jobs/functions), each with the zod
// schema Inngest validates its data against. Not the webhook events of the events API
// (lib/features/events): the names are Inngest's wire names and stay as they are. Ids only: the
// functions read the current rows, never a stale copy.

const isoTime = z.iso.datetime({ offset: true });

export const webhookDeliveryDue = eventType("webhook/delivery.due", {
  schema: z.object({ deliveryId: z.string().min(1) }),
});

export const paymentLinkCreated = eventType("payment-link/created", {
  schema: z.object({ linkId: z.string().min(1), expiresAt: isoTime }),
});

export const depositCreated = eventType("deposit/created", {
  schema: z.object({ depositId: z.string().min(1), expiresAt: isoTime }),
});

export const paymentLinkReceiptDue = eventType("payment-link/receipt.due", {
  schema: z.object({ linkId: z.string().min(1) }),
});
