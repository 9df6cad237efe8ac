// Admin: record a refund paid back by hand, or that could not be (audited)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { recordRefundByHand } from "@/lib/features/refunds/refund-actions";
import { db } from "@/lib/core/db/client";
import { toRefundJson } from "@/lib/features/refunds/transform-refund";
import { recordRefundSchema } from "@/lib/core/schemas/support-refunds";
import { refundTarget } from "@/lib/features/staff/decision-target";
import { apiOperation } from "../operation";

// Once per form token: the same form sent twice answers the first record (support-route.ts, `once`).
const post = supportRoute({ action: "refunds:settle", body: recordRefundSchema, oneTime: "refunds.record" }, async ({ params, staff, body, once }) =>
  once(await refundTarget(db(), params.reference), async (tx) => toRefundJson(await recordRefundByHand(tx, { staffId: staff.id, reference: params.reference, ...body }))),
);

export const postSupportRefundsReferenceRecord = apiOperation({
  method: "POST",
  path: "/admin/api/refunds/[reference]/record",
  handler: post,
});
