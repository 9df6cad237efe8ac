// GET /api/v4/refunds/{reference} - a refund's current state
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { getRefundOrThrow } from "@/lib/features/refunds/get-refund-or-throw";
import { toRefundJson } from "@/lib/features/refunds/transform-refund";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: { scope: "refunds:read" } }, async ({ db, params, principal, environment }) => {
    const refund = await getRefundOrThrow(db, { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: toRefundJson(refund) };
  }),
});
