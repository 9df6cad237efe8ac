// A refund's current state
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { getRefundOrThrow } from "@/lib/features/refunds/get-refund-or-throw";
import { toRefundJson } from "@/lib/features/refunds/transform-refund";
import { refundSchema } from "@/lib/core/schemas/refund";
import { jsonResponse } from "@/lib/surfaces/openapi/responses";
import { readByReference } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

export const getRefund = apiOperation({
  method: "GET",
  path: "/api/v4/refunds/[reference]",
  sandbox: true,
  lane: true,
  order: 610,
  openapi: readByReference(
    "getRefund",
    "Read a refund (needs the `refunds:read` scope)",
    jsonResponse("The refund", refundSchema),
  ),
  handler: apiRoute({ auth: { scope: "refunds:read" } }, async ({ db, params, principal, environment }) => {
    const refund = await getRefundOrThrow(db, { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: toRefundJson(refund) };
  }),
});
