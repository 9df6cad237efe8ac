import { z } from "zod";
import {
  callbackUrlField,
  countryField,
  gatewayNameField,
  isoCurrencyField,
  metadataField,
  nameField,
  phoneField,
  positiveAmountField,
  refineAmountDecimals,
  requestObjectOptions,
  timestampField,
} from "./common";

/** An instant transfer's fields: its request's, and each line's of a batch (transfer-batch.ts). */
export const transferFields = {
  amount: positiveAmountField.meta({ example: 10000 }),
  currency: isoCurrencyField,
  gatewayName: gatewayNameField.meta({ example: "MTN_MOMO_CI", description: "From GET /public/gateways/withdraw/list" }),
  beneficiaryPhone: phoneField,
  beneficiaryName: nameField.optional(),
  country: countryField,
  callbackUrl: callbackUrlField.optional(),
  metadata: metadataField.optional(),
};

export const transferRequestSchema = z
  .strictObject(transferFields, requestObjectOptions)
  .superRefine(refineAmountDecimals)
  .meta({ id: "TransferRequest" });

export type TransferRequest = z.infer<typeof transferRequestSchema>;

export const transferStatusSchema = z.enum(["pending", "completed", "failed"]);

export const transferSchema = z
  .object({
    reference: z.string().meta({ example: "TRF_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K" }),
    status: transferStatusSchema,
    gatewayName: z.string(),
    gatewayType: z.enum(["DIRECT", "MANUAL", "SCHEDULED"]),
    amount: z.number(),
    fees: z.number(),
    totalDebited: z.number().meta({ description: "amount + fees, taken from the available balance" }),
    currency: z.string(),
    country: z.string(),
    beneficiaryPhone: z.string(),
    beneficiaryName: z.string().nullable(),
    callbackUrl: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    failureReason: z.string().nullable(),
    scheduledFor: timestampField.nullable().meta({ description: "SCHEDULED: when the batch sends it" }),
    awaitingApproval: z.boolean().meta({ description: "Waiting for the platform: a MANUAL transfer's review, a SCHEDULED bank transfer being paid by hand after its batch, or a live payout its operator left without a final answer for 72 hours (under review; its funds stay held)" }),
    createdAt: timestampField,
    completedAt: timestampField.nullable(),
    failedAt: timestampField.nullable(),
    batchLineReference: z.string().optional().meta({ description: "A batch's line: your reference for the line (POST /api/v4/transfers/batch)" }),
  })
  .meta({ id: "Transfer" });

export const transferWebhookSchema = z
  .object({
    event: z.enum(["transfer.completed", "transfer.failed"]),
    reference: z.string(),
    status: z.enum(["completed", "failed"]),
    amount: z.number(),
    currency: z.string(),
    fees: z.number(),
    gatewayName: z.string(),
    beneficiaryPhone: z.string(),
    failureReason: z.string().nullable(),
    completedAt: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    batchLineReference: z.string().optional().meta({ description: "A batch's line: your reference for the line" }),
  })
  // Strict like the other webhook bodies: one component in the document whether a webhook
  // (input) or an event's payload (output) refers to it, not a second "TransferWebhookOutput".
  .strict()
  .meta({ id: "TransferWebhook" });

export type TransferWebhook = z.infer<typeof transferWebhookSchema>;
