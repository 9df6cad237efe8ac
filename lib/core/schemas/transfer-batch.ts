import { z } from "zod";
import { REFUSAL_RULES } from "@/lib/core/errors/refusal-rules";
import { callbackUrlField, refineAmountDecimals, requestObjectOptions, timestampField } from "./common";
import { transferFields } from "./transfer";

// Bulk payouts (issue 49): a batch of up to BATCH_MAX_LINES transfers, each line an instant
// transfer's fields plus the merchant's own reference, checked whole before anything is held.

export const BATCH_MAX_LINES = 500;
export const BATCH_LINES_PAGE_MAX = 100;
export const BATCH_LINES_PAGE_DEFAULT = 50;

export const batchLineReferenceField = z
  .string({ error: "must be a string" })
  .min(1, { error: "must not be empty" })
  .max(64, { error: "must be at most 64 characters" })
  .regex(/^[A-Za-z0-9._:\-]+$/, { error: "may only hold letters, digits and . _ : -" })
  .meta({ example: "salaire-2026-11-awa", description: "Your own reference for the line, unique among your lines: a reference pays at most once" });

/** One line: an instant transfer's fields and its reference. */
export const transferBatchItemSchema = z
  .strictObject({ reference: batchLineReferenceField, ...transferFields }, requestObjectOptions)
  .superRefine(refineAmountDecimals)
  .meta({ id: "TransferBatchItem" });

export type TransferBatchItem = z.infer<typeof transferBatchItemSchema>;

const batchFields = {
  title: z.string({ error: "must be a string" }).trim().min(1, { error: "must not be empty" }).max(100, { error: "must be at most 100 characters" }).optional().meta({ example: "Salaires novembre" }),
  callbackUrl: callbackUrlField.optional().meta({ description: "Where transfer_batch.completed goes, and each line's transfer.* webhook when the line names no callbackUrl of its own" }),
};

/** The batch as documented: its lines as they must be. */
export const transferBatchRequestSchema = z
  .strictObject({ ...batchFields, items: z.array(transferBatchItemSchema).min(1).max(BATCH_MAX_LINES) }, requestObjectOptions)
  .meta({ id: "TransferBatchRequest" });

/**
 * The batch as the route reads it: its lines left unread, so the feature checks every one and
 * names each refused line (lib/features/transfers/batches/check-batch.ts) rather than the first
 * issue of the whole body.
 */
export const transferBatchEnvelopeSchema = z.strictObject(
  {
    ...batchFields,
    items: z
      .array(z.unknown(), { error: "must be an array of transfers" })
      .min(1, { error: "must hold at least one transfer" })
      .max(BATCH_MAX_LINES, { error: `must hold at most ${BATCH_MAX_LINES} transfers` }),
  },
  requestObjectOptions,
);

export type TransferBatchEnvelope = z.infer<typeof transferBatchEnvelopeSchema>;

export const TRANSFER_BATCH_STATUSES = ["awaiting_approval", "processing", "completed", "completed_with_failures", "cancelled"] as const;
export type TransferBatchStatus = (typeof TRANSFER_BATCH_STATUSES)[number];

/** A line's status: its transfer's once approved; before, its batch's wait or cancellation. */
export const BATCH_LINE_STATUSES = ["awaiting_approval", "pending", "completed", "failed", "cancelled"] as const;
export type BatchLineStatus = (typeof BATCH_LINE_STATUSES)[number];

// Strict, as the webhook bodies are: one component whether a webhook or an event's payload refers to it.
const moneyPair = z.strictObject({ amount: z.number(), fees: z.number() });

export const transferBatchSchema = z
  .object({
    reference: z.string().meta({ example: "BATCH_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K" }),
    status: z.enum(TRANSFER_BATCH_STATUSES),
    title: z.string().nullable(),
    currency: z.string(),
    lineCount: z.number().int(),
    amount: z.number().meta({ description: "The lines' amounts" }),
    fees: z.number().meta({ description: "The lines' fees" }),
    totalDebited: z.number().meta({ description: "amount + fees: held from the available balance when the batch is approved" }),
    counts: z.record(z.enum(BATCH_LINE_STATUSES), z.number().int()).meta({ description: "Lines by status" }),
    totals: z.record(z.enum(BATCH_LINE_STATUSES), moneyPair).meta({ description: "Amount and fees by line status" }),
    callbackUrl: z.string().nullable(),
    retryOf: z.string().nullable().meta({ description: "The batch whose failed lines this one sends again" }),
    createdAt: timestampField,
    approvedAt: timestampField.nullable(),
    cancelledAt: timestampField.nullable(),
    completedAt: timestampField.nullable(),
  })
  .meta({ id: "TransferBatch" });

export type TransferBatchJson = z.infer<typeof transferBatchSchema>;

export const transferBatchLineSchema = z
  .object({
    line: z.number().int().meta({ description: "1-based, in the order sent" }),
    reference: z.string(),
    status: z.enum(BATCH_LINE_STATUSES),
    amount: z.number(),
    fees: z.number(),
    currency: z.string(),
    country: z.string(),
    gatewayName: z.string(),
    beneficiaryPhone: z.string(),
    beneficiaryName: z.string().nullable(),
    transferReference: z.string().nullable().meta({ description: "Its transfer (GET /api/v4/transfers/{reference}), once the batch is approved" }),
    failureReason: z.string().nullable(),
    completedAt: timestampField.nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "TransferBatchLine" });

export type TransferBatchLineJson = z.infer<typeof transferBatchLineSchema>;

export const lineRefusalSchema = z
  .object({
    line: z.number().int(),
    reference: z.string().nullable(),
    field: z.string().meta({ example: "beneficiaryPhone" }),
    rule: z.enum(REFUSAL_RULES).meta({ example: "phone_country" }),
    message: z.string(),
  })
  .meta({ id: "TransferBatchLineError" });

export const transferBatchCompletedWebhookSchema = z
  .object({
    event: z.literal("transfer_batch.completed"),
    reference: z.string(),
    status: z.enum(["completed", "completed_with_failures"]),
    title: z.string().nullable(),
    currency: z.string(),
    lineCount: z.number().int(),
    counts: z.record(z.enum(BATCH_LINE_STATUSES), z.number().int()),
    totals: z.record(z.enum(BATCH_LINE_STATUSES), moneyPair),
    completedAt: z.string(),
  })
  .strict()
  .meta({ id: "TransferBatchCompletedWebhook" });

/** GET /api/v4/transfers/batch/{reference}/lines: a page of lines in their order, after a line number, of one status. */
export const listBatchLinesQuerySchema = z
  .strictObject({
    limit: z
      .string()
      .regex(/^\d{1,3}$/, { error: `must be a whole number from 1 to ${BATCH_LINES_PAGE_MAX}` })
      .transform(Number)
      .refine((n) => n >= 1 && n <= BATCH_LINES_PAGE_MAX, { error: `must be a whole number from 1 to ${BATCH_LINES_PAGE_MAX}` })
      .optional()
      .meta({
        description: `Lines per page, 1 to ${BATCH_LINES_PAGE_MAX}; default ${BATCH_LINES_PAGE_DEFAULT}`,
        example: 50,
        // Text to the parser, a number to the caller (and the SDK's types).
        override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
          delete jsonSchema.pattern;
          Object.assign(jsonSchema, { type: "integer", minimum: 1, maximum: BATCH_LINES_PAGE_MAX });
        },
      }),
    startingAfter: z
      .string()
      .regex(/^\d{1,4}$/, { error: `must be a line number from 0 to ${BATCH_MAX_LINES}` })
      .transform(Number)
      .refine((n) => n <= BATCH_MAX_LINES, { error: `must be a line number from 0 to ${BATCH_MAX_LINES}` })
      .optional()
      .meta({
        description: "Cursor: the lines after this line number (pass the last `line` of the page you have)",
        override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
          delete jsonSchema.pattern;
          Object.assign(jsonSchema, { type: "integer", minimum: 0, maximum: BATCH_MAX_LINES });
        },
      }),
    status: z.enum(BATCH_LINE_STATUSES, { error: `must be one of ${BATCH_LINE_STATUSES.join(", ")}` }).optional().meta({ description: "Only the lines of this status" }),
  })
  .meta({ id: "ListTransferBatchLinesQuery" });

export type ListBatchLinesQuery = z.output<typeof listBatchLinesQuerySchema>;

export const transferBatchLineListSchema = z
  .object({
    data: z.array(transferBatchLineSchema).meta({ description: "The lines, in the order sent" }),
    hasMore: z.boolean().meta({ description: "Whether more lines (of this status) follow the page" }),
  })
  .meta({ id: "TransferBatchLineList" });

/** The refusal of a whole batch: the error object, plus each refused line. */
export const transferBatchRefusalSchema = z
  .object({
    error: z.object({
      code: z.int(),
      message: z.string(),
      details: z.string().optional(),
      lines: z.array(lineRefusalSchema).optional().meta({ description: "Each refused line, in line order: its field and rule. Nothing was written." }),
    }),
  })
  .meta({ id: "TransferBatchError" });
