// POST /admin/api/activations/{id}/approve - approve an activation request: the merchant's live payments start (audited)
import { reviewActivationRequest } from "@/lib/features/activation/review-activation-request";
import { toActivationRequestJson } from "@/lib/features/activation/list-activation-requests";
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";
import { reviewActivationSchema } from "@/lib/core/schemas/support-activations";

const post = supportRoute({ action: "activations:decide", body: reviewActivationSchema }, async ({ params, staff, body }) => ({
  body: toActivationRequestJson(await reviewActivationRequest(db(), { staffId: staff.id, requestId: params.id, decision: "approve", reason: body.reason })),
}));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: post });
