// POST /admin/api/refunds/{reference}/record - admin: record a refund paid back by hand, or that could not be (audited)
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { recordRefundByHand } from "@/lib/features/refunds/refund-actions";
import { db } from "@/lib/core/db/client";
import { toRefundJson } from "@/lib/features/refunds/transform-refund";
import { recordRefundSchema } from "@/lib/core/schemas/admin-refunds";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const post = adminRoute({ action: "refunds:settle", body: recordRefundSchema }, async ({ params, staff, body }) => ({
  body: toRefundJson(await recordRefundByHand(db(), { staffId: staff.id, reference: params.reference, ...body })),
}));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: post });
