import { z } from "zod";
import { analyticsByCurrencySchema, analyticsQuerySchema, analyticsSchema } from "@/lib/core/schemas/analytics";
import { commonErrors, errorResponse, jsonResponse } from "../responses";
import type { Resource } from "./shared";

/** The merchant's analytics over a date range. */
export const analytics: Resource = {
  paths: {
    "/api/v4/merchant/analytics": {
      get: {
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
    },
  },
};
