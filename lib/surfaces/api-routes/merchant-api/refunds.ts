// POST /api/v4/refunds - give a customer's payment back, in full or in part
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { acceptRefund, sendAcceptedRefund } from "@/lib/features/refunds/create-refund";
import { toRefundJson } from "@/lib/features/refunds/transform-refund";
import { refundRequestSchema } from "@/lib/core/schemas/refund";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: apiRoute(
    { auth: { scope: "refunds:write" }, body: refundRequestSchema, idempotentOperation: "refunds.create" },
    {
      intent: ({ db, body, principal, environment }) => acceptRefund(db, { merchantId: principal.merchantId, environment, input: body, requestedBy: "api" }),
      complete: async ({ db }, id, written) => {
        const refund = written ?? (await db.refund.findUniqueOrThrow({ where: { id } }));
        return { body: toRefundJson(await sendAcceptedRefund(db, refund, { resumed: written === null })) };
      },
    },
  ),
});
