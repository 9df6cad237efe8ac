import { z } from "zod";
import { refundWebhookSchema } from "./refund";
import { transferWebhookSchema } from "./transfer";
import { transferBatchCompletedWebhookSchema } from "./transfer-batch";
import { depositWebhookSchema, paymentLinkWebhookSchema } from "./webhook";

// The events API: every webhook event a merchant's links, deposits, transfers, batches and refunds produced, with
// the payload exactly as it was signed. Ids are `msg_` + a ULID, the `webhook-id` of its deliveries.

/** Every event type, from the webhook schemas that define the payloads. */
export const EVENT_TYPES = [
  ...paymentLinkWebhookSchema.shape.event.options,
  ...depositWebhookSchema.shape.event.options,
  ...transferWebhookSchema.shape.event.options,
  ...refundWebhookSchema.shape.event.options,
  transferBatchCompletedWebhookSchema.shape.event.value,
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** How long events are kept (then deleted by the retention sweep, lib/features/events/delete-expired-events.ts). */
export const EVENT_RETENTION_DAYS = 30;

export const EVENTS_PAGE_MAX = 100;
export const EVENTS_PAGE_DEFAULT = 20;

const eventIdField = z
  .string()
  .regex(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/, { error: "must be an event id (msg_ followed by 26 characters)" })
  .meta({ example: "msg_01KAQ7Z8M6X5V4T3R2Q1P0N9M8" });

// An unencoded "+01:00" arrives as " 01:00" (a query string's + is a space): taken as meant.
const DATE_OR_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+ -]\d{2}:\d{2})?)?$/;

/** "2026-11-01" (its midnight UTC) or a date-time; without a zone it is UTC, like every time we return. */
const instantField = z
  .string()
  .regex(DATE_OR_DATETIME, { error: "must be an ISO 8601 date (2026-11-01) or date-time (2026-11-01T10:00:00Z)" })
  .transform((raw, ctx) => {
    const value = raw.replace(/ (\d{2}:\d{2})$/, "+$1");
    const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : value.length === 10 ? `${value}T00:00:00Z` : `${value}Z`;
    const date = new Date(zoned);
    // Date rolls 2026-02-30 over to March: the day itself must survive a round trip.
    const day = value.slice(0, 10);
    if (Number.isNaN(date.getTime()) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
      ctx.addIssue({ code: "custom", message: "is not a valid date" });
      return z.NEVER;
    }
    return date;
  });

export const listEventsQuerySchema = z
  .strictObject({
    limit: z
      .string()
      .regex(/^\d{1,3}$/, { error: `must be a whole number from 1 to ${EVENTS_PAGE_MAX}` })
      .transform(Number)
      .refine((n) => n >= 1 && n <= EVENTS_PAGE_MAX, { error: `must be a whole number from 1 to ${EVENTS_PAGE_MAX}` })
      .optional()
      .meta({
        description: `Events per page, 1 to ${EVENTS_PAGE_MAX}; default ${EVENTS_PAGE_DEFAULT}`,
        example: 20,
        // A query string is text to the parser, but a number to the caller: the document (and the
        // SDK's types generated from it) say integer, so `limit: 20` type-checks.
        override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
          delete jsonSchema.pattern;
          Object.assign(jsonSchema, { type: "integer", minimum: 1, maximum: EVENTS_PAGE_MAX });
        },
      }),
    startingAfter: eventIdField.optional().meta({
      description: "Cursor: the page of events older than this event id (pass the last `id` of the page you have)",
    }),
    endingBefore: eventIdField.optional().meta({
      description:
        "Cursor: the page of events just newer than this event id (pass the first `id` of the page you have), still newest first",
    }),
    type: z
      .string()
      .transform((value) => value.split(","))
      .refine((types) => types.every((t) => (EVENT_TYPES as readonly string[]).includes(t)), {
        error: `must be one or more of ${EVENT_TYPES.join(", ")}, comma-separated`,
      })
      .optional()
      .meta({ description: "Only these event types, comma-separated", example: "payment_link.completed,deposit.completed" }),
    reference: z
      .string()
      .min(1)
      .max(100, { error: "must be at most 100 characters" })
      .optional()
      .meta({ description: "Only the events about this link, deposit, transfer, refund or batch reference", example: "LINK_TEST_01KAQ7Z8M6X5V4T3R2Q1P0N9M8" }),
    createdAfter: instantField.optional().meta({ description: "Only events created after this instant (exclusive)", example: "2026-11-01" }),
    createdBefore: instantField.optional().meta({ description: "Only events created before this instant (exclusive)", example: "2026-11-30T12:00:00Z" }),
  })
  .refine((q) => !(q.startingAfter && q.endingBefore), { error: "give startingAfter or endingBefore, not both", path: ["endingBefore"] })
  .meta({ id: "ListEventsQuery" });

export type ListEventsQuery = z.output<typeof listEventsQuerySchema>;

export const eventSchema = z
  .object({
    id: eventIdField.meta({ description: "The event id: the `webhook-id` header of its deliveries" }),
    type: z.enum(EVENT_TYPES),
    reference: z.string().meta({ description: "The link, deposit, transfer, refund or transfer batch the event is about" }),
    createdAt: z.string().meta({ description: "UTC, ISO 8601 without zone, fractional seconds", example: "2026-11-22T10:15:00.123" }),
    payload: z.union([paymentLinkWebhookSchema, depositWebhookSchema, transferWebhookSchema, refundWebhookSchema, transferBatchCompletedWebhookSchema]).meta({
      description:
        "The webhook body, exactly as signed: `JSON.stringify(payload)` gives back the delivered bytes. Recorded for every final " +
        "state, with or without a callbackUrl.",
    }),
    delivery: z
      .object({
        status: z.enum(["pending", "delivered", "dead"]),
        attempts: z.number().int(),
        deliveredAt: z.string().nullable(),
        nextAttemptAt: z.string().nullable().meta({ description: "When the next retry is due, while pending" }),
      })
      .nullable()
      .meta({ description: "The delivery to the callbackUrl; null when the resource had no callbackUrl (nothing was sent)" }),
  })
  .meta({ id: "Event" });

export const eventListSchema = z
  .object({
    data: z.array(eventSchema).meta({ description: "Newest first" }),
    hasMore: z.boolean().meta({ description: "Whether more events lie beyond this page in the direction of the cursor" }),
  })
  .meta({ id: "EventList" });

export type EventJson = z.infer<typeof eventSchema>;
