// Admin: reject a MANUAL transfer (audited)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { db } from "@/lib/core/db/client";
import { reviewTransferSchema } from "@/lib/core/schemas/support-transfers";
import { reviewManualTransfer } from "@/lib/features/transfers/review-manual-transfer";
import { toTransferJson } from "@/lib/features/transfers/transform-transfer";
import { apiOperation } from "../operation";

const post = supportRoute({ action: "transfers:decide", body: reviewTransferSchema }, async ({ params, staff, body }) => ({
  body: toTransferJson(await reviewManualTransfer(db(), { staffId: staff.id, reference: params.reference, decision: "reject", reason: body.reason })),
}));

export const postSupportTransfersReferenceReject = apiOperation({
  method: "POST",
  path: "/admin/api/transfers/[reference]/reject",
  handler: post,
});
