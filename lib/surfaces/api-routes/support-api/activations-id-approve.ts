// Approve an activation request: the merchant's live payments start (audited)
import { reviewActivationRequest } from "@/lib/features/activation/review-activation-request";
import { toActivationRequestJson } from "@/lib/features/activation/list-activation-requests";
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { db } from "@/lib/core/db/client";
import { reviewActivationSchema } from "@/lib/core/schemas/support-activations";
import { apiOperation } from "../operation";

const post = supportRoute({ action: "activations:decide", body: reviewActivationSchema }, async ({ params, staff, body }) => ({
  body: toActivationRequestJson(await reviewActivationRequest(db(), { staffId: staff.id, requestId: params.id, decision: "approve", reason: body.reason })),
}));

export const postSupportActivationsIdApprove = apiOperation({
  method: "POST",
  path: "/admin/api/activations/[id]/approve",
  handler: post,
});
