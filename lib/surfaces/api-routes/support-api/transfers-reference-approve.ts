// Admin: approve a MANUAL transfer (audited)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { db } from "@/lib/core/db/client";
import { reviewTransferSchema } from "@/lib/core/schemas/support-transfers";
import { reviewManualTransfer } from "@/lib/features/transfers/review-manual-transfer";
import { toTransferJson } from "@/lib/features/transfers/transform-transfer";
import { transferTarget } from "@/lib/features/staff/decision-target";
import { apiOperation } from "../operation";

// Once per form token: the same form sent twice answers the first decision (support-route.ts, `once`).
const post = supportRoute({ action: "transfers:decide", body: reviewTransferSchema, oneTime: "transfers.approve" }, async ({ params, staff, body, once }) =>
  once(await transferTarget(db(), params.reference), async (tx) =>
    toTransferJson(await reviewManualTransfer(tx, { staffId: staff.id, reference: params.reference, decision: "approve", reason: body.reason })),
  ),
);

export const postSupportTransfersReferenceApprove = apiOperation({
  method: "POST",
  path: "/admin/api/transfers/[reference]/approve",
  handler: post,
});
