// Counts, volumes, fees and conversion over a date range, per currency
import { computeAnalytics } from "@/lib/features/analytics/compute-analytics";
import { computeAnalyticsByCurrency } from "@/lib/features/analytics/compute-analytics-by-currency";
import { resolveAnalyticsRange } from "@/lib/features/analytics/resolve-analytics-range";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { validationError } from "@/lib/core/errors/validation-errors";
import { analyticsQuerySchema, analyticsByCurrencySchema, analyticsSchema } from "@/lib/core/schemas/analytics";
import { z } from "zod";
import { commonErrors, errorResponse, jsonResponse } from "@/lib/surfaces/openapi/responses";
import { apiOperation } from "../operation";

export const getAnalytics = apiOperation({
  method: "GET",
  path: "/api/v4/merchant/analytics",
  sandbox: true,
  lane: true,
  order: 700,
  openapi: {
    operationId: "getAnalytics",
    summary: "Counts, volumes, fees and conversion of links and deposits over a date range",
    description:
      "For the environment of the path. Counts and volumes by status, by gateway and by UTC day; fees collected on " +
      "completed payments; conversion = completed / created. A checkout attempt counts as its link. The range is at " +
      "most 366 days (400/40023 otherwise); by default the last 30 days. With `currency`: that currency's figures " +
      "(`Analytics`). Without it: `{ from, to, currencies }`, one `Analytics` block per currency the merchant created " +
      "a link or a deposit in during the range, alphabetical (amounts in different currencies are never added up).",
    requestParams: { query: analyticsQuerySchema },
    responses: {
      "200": jsonResponse(
        "One currency's figures when `currency` is given; otherwise one block per currency",
        z.union([analyticsSchema, analyticsByCurrencySchema]),
      ),
      "400": errorResponse(
        "40015 currency unknown; 40023 from/to not ISO dates, from not before to, range over 366 days",
        [40015, "currency must be one of XOF, XAF, GNF, EUR, USD"],
        [40023, "The range is at most 366 days"],
      ),
      ...commonErrors,
    },
  },
  handler: apiRoute({ auth: { scope: "analytics:read" } }, async ({ db, request, principal, environment }) => {
    const input = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = analyticsQuerySchema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error, input);
    const { from, to } = resolveAnalyticsRange(parsed.data);
    const scope = { merchantId: principal.merchantId, environment, from, to };
    const { currency } = parsed.data;
    return { body: currency ? await computeAnalytics(db, { ...scope, currency }) : await computeAnalyticsByCurrency(db, scope) };
  }),
});
