// Admin: record a refund paid back by hand, or that could not be (audited)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { recordRefundByHand } from "@/lib/features/refunds/refund-actions";
import { db } from "@/lib/core/db/client";
import { toRefundJson } from "@/lib/features/refunds/transform-refund";
import { recordRefundSchema } from "@/lib/core/schemas/support-refunds";
import { apiOperation } from "../operation";

const post = supportRoute({ action: "refunds:settle", body: recordRefundSchema }, async ({ params, staff, body }) => ({
  body: toRefundJson(await recordRefundByHand(db(), { staffId: staff.id, reference: params.reference, ...body })),
}));

export const postSupportRefundsReferenceRecord = apiOperation({
  method: "POST",
  path: "/admin/api/refunds/[reference]/record",
  handler: post,
});
