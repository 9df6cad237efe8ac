// Admin: send again a failed refund the platform owes, as a new refund of the same money (audited)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { retryRefundDue } from "@/lib/features/refunds/refund-actions";
import { db } from "@/lib/core/db/client";
import { toRefundJson } from "@/lib/features/refunds/transform-refund";
import { apiOperation } from "../operation";

const post = supportRoute({ action: "refunds:settle" }, async ({ params, staff }) => ({
  body: toRefundJson(await retryRefundDue(db(), { staffId: staff.id, reference: params.reference })),
}));

export const postSupportRefundsReferenceRetry = apiOperation({
  method: "POST",
  path: "/admin/api/refunds/[reference]/retry",
  handler: post,
});
