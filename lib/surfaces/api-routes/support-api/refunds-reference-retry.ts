// Admin: send again a failed refund the platform owes, as a new refund of the same money (audited)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { retryRefundDue } from "@/lib/features/refunds/refund-actions";
import { db } from "@/lib/core/db/client";
import { toRefundJson } from "@/lib/features/refunds/transform-refund";
import { refundTarget } from "@/lib/features/staff/decision-target";
import { apiOperation } from "../operation";

// Once per form token: the same form sent twice answers the one new refund (support-route.ts, `once`).
const post = supportRoute({ action: "refunds:settle", oneTime: "refunds.retry" }, async ({ params, staff, once }) =>
  once(await refundTarget(db(), params.reference), async (tx) => toRefundJson(await retryRefundDue(tx, { staffId: staff.id, reference: params.reference }))),
);

export const postSupportRefundsReferenceRetry = apiOperation({
  method: "POST",
  path: "/admin/api/refunds/[reference]/retry",
  handler: post,
});
