// POST /api/v4/refunds - give a customer's payment back, in full or in part
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { createRefund } from "@/lib/features/refunds/create-refund";
import { toRefundJson } from "@/lib/features/refunds/transform-refund";
import { refundRequestSchema } from "@/lib/core/schemas/refund";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: apiRoute(
    { auth: { scope: "refunds:write" }, body: refundRequestSchema, idempotentOperation: "refunds.create" },
    async ({ db, body, principal, environment }) => {
      const refund = await createRefund(db, { merchantId: principal.merchantId, environment, input: body, requestedBy: "api" });
      return { body: toRefundJson(refund) };
    },
  ),
});
