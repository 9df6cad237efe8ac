// POST /admin/api/refunds/{reference}/retry - admin: send again a failed refund the platform owes, as a new refund of the same money (audited)
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { retryRefundDue } from "@/lib/features/refunds/refund-actions";
import { db } from "@/lib/core/db/client";
import { toRefundJson } from "@/lib/features/refunds/transform-refund";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const post = adminRoute({ action: "refunds:settle" }, async ({ params, staff }) => ({
  body: toRefundJson(await retryRefundDue(db(), { staffId: staff.id, reference: params.reference })),
}));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: post });
