import { z } from "zod";
import { timestampField } from "./common";

// Webhook bodies: the contract merchants code against, documented in the OpenAPI document's
// `webhooks` and checked against what lib/features/webhooks/build-webhook-payload.ts builds.

const metadata = z.record(z.string(), z.unknown()).nullable().meta({ description: "The metadata given at creation." });

export const paymentLinkWebhookSchema = z
  .object({
    // paid_after_expiry: an approval whose operator time came at or after expiresAt (or after the
    // link was recorded expired): status stays expired, completedAt is the approval's time, and
    // the merchant is credited. Sent after payment_link.expired.
    event: z
      .enum(["payment_link.completed", "payment_link.failed", "payment_link.expired", "payment_link.paid_after_expiry"])
      .meta({
        description:
          "payment_link.failed: the last attempt failed; the link stays payable until expiresAt (not final). A link ends with payment_link.completed or payment_link.expired. payment_link.paid_after_expiry: the customer paid after the link expired; the money is in your balance.",
      }),
    reference: z.string().meta({ example: "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K" }),
    status: z.enum(["completed", "failed", "expired"]).meta({ description: "Link status at the time of the event." }),
    amount: z.number(),
    currency: z.string(),
    fees: z.number().nullable().meta({ description: "null when no payment attempt chose a gateway (e.g. expired)." }),
    gatewayName: z.string().nullable().meta({ description: "Gateway through which payment was made or attempted." }),
    customerEmail: z.string().nullable(),
    completedAt: timestampField.nullable(),
    metadata,
    paymentPage: z.string().optional().meta({
      description: "Only on a link made from a payment page for one customer: the page's reference (PAGE_...). Absent on a link you created.",
    }),
  })
  .strict()
  .meta({ id: "PaymentLinkWebhook" });

export const depositWebhookSchema = z
  .object({
    event: z.enum(["deposit.completed", "deposit.failed", "deposit.expired"]),
    reference: z.string().meta({ description: "The deposit's reference; for a confirmed OTP deposit the validated one." }),
    invoiceReference: z.string().nullable().meta({ description: "OTP deposits: the invoice reference (DEP_INV_...)." }),
    status: z.enum(["completed", "failed", "expired"]),
    amount: z.number(),
    currency: z.string(),
    fees: z.number(),
    gatewayName: z.string(),
    paymentType: z.string(),
    customerPhone: z.string(),
    customerEmail: z.string().nullable(),
    failureReason: z.string().nullable(),
    completedAt: timestampField.nullable().meta({ description: "With fractional seconds." }),
    metadata,
  })
  .strict()
  .meta({ id: "DepositWebhook" });

export type PaymentLinkWebhook = z.infer<typeof paymentLinkWebhookSchema>;
export type DepositWebhook = z.infer<typeof depositWebhookSchema>;
