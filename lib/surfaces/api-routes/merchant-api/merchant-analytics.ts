// GET /api/v4/merchant/analytics - counts, volumes, fees and conversion over a date range, per currency
import { computeAnalytics } from "@/lib/features/analytics/compute-analytics";
import { computeAnalyticsByCurrency } from "@/lib/features/analytics/compute-analytics-by-currency";
import { resolveAnalyticsRange } from "@/lib/features/analytics/resolve-analytics-range";
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { validationError } from "@/lib/core/errors/validation-errors";
import { analyticsQuerySchema } from "@/lib/core/schemas/analytics";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: { scope: "analytics:read" } }, async ({ db, request, principal, environment }) => {
    const input = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = analyticsQuerySchema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error, input);
    const { from, to } = resolveAnalyticsRange(parsed.data);
    const scope = { merchantId: principal.merchantId, environment, from, to };
    const { currency } = parsed.data;
    return { body: currency ? await computeAnalytics(db, { ...scope, currency }) : await computeAnalyticsByCurrency(db, scope) };
  }),
});
