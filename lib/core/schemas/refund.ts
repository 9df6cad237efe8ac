import { z } from "zod";
import { toMinor } from "@/lib/core/domain/money";
import { callbackUrlField, metadataField, positiveAmountField, requestObjectOptions, timestampField } from "./common";

// Refunds: money going back to a customer who paid. The merchant asks for one (POST
// /api/v4/refunds), out of its available balance; the platform makes one on its own when a
// customer paid twice for one link (source "refund_due"). Either way it goes back through the
// operator the customer paid with, and ends completed or failed with a refund.* webhook.

export const refundRequestSchema = z
  .strictObject(
    {
      paymentReference: z
        .string({ error: "must be a string" })
        .min(1, { error: "must not be empty" })
        .max(64, { error: "must be at most 64 characters" })
        .meta({
          description: "The paid payment link (LINK_...) or the completed deposit (DEP_..., DEP_VALID_... or its DEP_INV_... invoice) to refund",
          example: "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K",
        }),
      amount: positiveAmountField
        // The payment's currency is known only once it is found; no currency we take has more than two decimals.
        .refine((amount) => toMinor(amount, "EUR") !== null, { error: "has more decimals than any currency allows", params: { rule: "decimals" } })
        .optional()
        .meta({
        description:
          "In the payment's currency, at most what is still refundable: the payment's amount (what you were credited) less earlier refunds. The fees the customer paid on top are not returned. Default: all of it.",
        example: 5000,
      }),
      reason: z.string({ error: "must be a string" }).trim().min(1, { error: "must not be empty" }).max(200).optional().meta({ example: "Order cancelled" }),
      callbackUrl: callbackUrlField.optional().meta({ description: "Where refund.* webhooks go; default: the payment's callbackUrl" }),
      metadata: metadataField.optional(),
    },
    requestObjectOptions,
  )
  .meta({ id: "RefundRequest" });

export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const refundStatusSchema = z.enum(["pending", "completed", "failed"]);

export const refundSchema = z
  .object({
    reference: z.string().meta({ example: "RFD_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K" }),
    paymentReference: z.string().meta({ description: "The link or deposit refunded" }),
    status: refundStatusSchema,
    source: z.enum(["merchant", "refund_due"]).meta({
      description: "merchant: asked for by you, out of your balance; refund_due: made by the platform (the customer paid twice for one link), never from your balance",
    }),
    amount: z.number(),
    currency: z.string(),
    reason: z.string().nullable(),
    gatewayName: z.string().meta({ description: "The gateway the customer paid with, through which the money goes back" }),
    failureReason: z.string().nullable(),
    callbackUrl: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    createdAt: timestampField,
    completedAt: timestampField.nullable(),
    failedAt: timestampField.nullable(),
  })
  .meta({ id: "Refund" });

export const refundWebhookSchema = z
  .object({
    event: z.enum(["refund.completed", "refund.failed"]),
    reference: z.string(),
    paymentReference: z.string(),
    status: z.enum(["completed", "failed"]),
    source: z.enum(["merchant", "refund_due"]),
    amount: z.number(),
    currency: z.string(),
    gatewayName: z.string(),
    reason: z.string().nullable(),
    failureReason: z.string().nullable(),
    completedAt: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
  })
  // Strict like the other webhook bodies (one component whether input or output).
  .strict()
  .meta({ id: "RefundWebhook" });

export type RefundWebhook = z.infer<typeof refundWebhookSchema>;
