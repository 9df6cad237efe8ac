// The payment links made from a page, newest first, by cursor pages (an extension)
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { listPagePayments } from "@/lib/features/payment-pages/list-page-payments";
import { validationError } from "@/lib/core/errors/validation-errors";
import { listPagePaymentsQuerySchema, pagePaymentListSchema } from "@/lib/core/schemas/payment-page";
import { z } from "zod";
import { commonErrors, errorResponse, jsonContent, notFoundError } from "@/lib/surfaces/openapi/responses";
import { apiOperation } from "../operation";

export const listPaymentPagePayments = apiOperation({
  method: "GET",
  path: "/api/v4/payments/page/[reference]/payments",
  sandbox: true,
  lane: true,
  order: 220,
  openapi: {
    operationId: "listPaymentPagePayments",
    summary: "The payment links made from a page, newest first, by cursor pages (`links:read` scope)",
    description:
      "One link per customer who pressed Pay, whatever became of it (pending, failed, expired or completed); only " +
      "completed ones count in the page's `paymentsCount`. Pass the last `reference` of a page as `startingAfter` for " +
      "the next one; links made meanwhile only appear before the first page.",
    requestParams: { path: z.object({ reference: z.string() }), query: listPagePaymentsQuerySchema },
    responses: {
      "200": { description: "One page of links", ...jsonContent(pagePaymentListSchema) },
      "400": errorResponse("40023 a query parameter breaks its rule", [40023, "limit must be a whole number from 1 to 100"]),
      "404": notFoundError,
      ...commonErrors,
    },
  },
  handler: apiRoute({ auth: { scope: "links:read" } }, async ({ db, request, params, principal, environment, origin }) => {
    const input = Object.fromEntries(new URL(request.url).searchParams);
    const parsed = listPagePaymentsQuerySchema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error, input);
    return { body: await listPagePayments(db, { reference: params.reference, merchantId: principal.merchantId, environment, origin, query: parsed.data }) };
  }),
});
