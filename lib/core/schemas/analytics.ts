import { z } from "zod";
import { isIsoCurrency } from "@/lib/core/domain/money";

/** The longest range one analytics request may cover. */
export const ANALYTICS_MAX_DAYS = 366;

const DATE_OR_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

// "2026-11-01" or a date-time; a date-time without zone is UTC, like every timestamp we return.
const isoDateField = z
  .string()
  .regex(DATE_OR_DATETIME, { error: "must be an ISO 8601 date (2026-11-01) or date-time (2026-11-01T10:00:00Z)" })
  .refine(isCalendarDate, { error: "is not a valid date" });

/** Date.parse rolls 2026-02-30 over to March: the day must survive a round trip. */
function isCalendarDate(value: string): boolean {
  const day = value.slice(0, 10);
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

export const analyticsQuerySchema = z
  .strictObject({
    from: isoDateField.optional().meta({ description: "Start, inclusive. Default: 30 days before `to`", example: "2026-11-01" }),
    to: isoDateField.optional().meta({ description: "End; a date includes that whole day (UTC). Default: now", example: "2026-11-30" }),
    currency: z
      .string()
      .refine(isIsoCurrency, { error: "must be an ISO 4217 code such as XOF" })
      .optional()
      .meta({
        description: "One currency: its figures. Without it: one block per currency the merchant created links or deposits in during the range",
        example: "XOF",
      }),
  })
  .meta({ id: "AnalyticsQuery" });

const statusFigures = z.object({
  count: z.number().int(),
  volume: z.number().meta({ description: "Sum of amounts, major units" }),
});

const kindFigures = z.object({
  created: z.number().int(),
  byStatus: z.record(z.string(), statusFigures),
  completedVolume: z.number(),
  feesCollected: z.number().meta({ description: "Fees paid by customers on completed payments" }),
  conversion: z.number().nullable().meta({ description: "completed / created, 0..1; null when none was created" }),
});

export const analyticsSchema = z
  .object({
    currency: z.string(),
    from: z.string(),
    to: z.string(),
    totals: z.object({ created: z.number().int(), completed: z.number().int(), completedVolume: z.number(), feesCollected: z.number(), conversion: z.number().nullable() }),
    links: kindFigures,
    deposits: kindFigures.meta({ description: "Deposits made through the API (checkout attempts count as their link)" }),
    byGateway: z.array(z.object({ gatewayName: z.string(), count: z.number().int(), completed: z.number().int(), completedVolume: z.number(), feesCollected: z.number() })),
    byDay: z.array(z.object({ date: z.string().meta({ example: "2026-11-21" }), created: z.number().int(), completed: z.number().int(), completedVolume: z.number() })),
  })
  .meta({ id: "Analytics" });

export type Analytics = z.infer<typeof analyticsSchema>;

// Without `currency`: the range, and one block per currency in the single-currency shape above.
export const analyticsByCurrencySchema = z
  .object({
    from: z.string(),
    to: z.string(),
    currencies: z.array(analyticsSchema).meta({
      description: "One block per currency the merchant created a link or a deposit in during the range, alphabetical; empty when none",
    }),
  })
  .meta({ id: "AnalyticsByCurrency" });

export type AnalyticsByCurrency = z.infer<typeof analyticsByCurrencySchema>;
