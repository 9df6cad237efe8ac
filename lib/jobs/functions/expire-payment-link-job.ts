import { db } from "@/lib/db/client";
import { expireLink } from "@/lib/checkout/expire-link";
import { inngest } from "@/lib/inngest/inngest-client";
import { paymentLinkCreated } from "@/lib/inngest/job-triggers";

/** Sleeps until the link's expiresAt, then expires it if it is still pending (with its webhook). */
export const expirePaymentLinkJob = inngest.createFunction(
  { id: "expire-payment-link", triggers: [paymentLinkCreated] },
  async ({ event, step }) => {
    await step.sleepUntil("wait-for-expiry", event.data.expiresAt);
    return step.run("expire-link", () => expireLink(db(), { id: event.data.linkId }));
  },
);
