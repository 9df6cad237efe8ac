import { db } from "@/lib/core/db/client";
import { expireLink } from "@/lib/features/checkout/expire-link";
import { inngest } from "@/lib/integrations/inngest/inngest-client";
import { paymentLinkCreated } from "@/lib/integrations/inngest/job-triggers";

/** Sleeps until the link's expiresAt, then expires it if it is still pending (with its webhook). */
export const expirePaymentLinkJob = inngest.createFunction(
  { id: "expire-payment-link", triggers: [paymentLinkCreated] },
  async ({ event, step }) => {
    await step.sleepUntil("wait-for-expiry", event.data.expiresAt);
    return step.run("expire-link", () => expireLink(db(), { id: event.data.linkId }));
  },
);
