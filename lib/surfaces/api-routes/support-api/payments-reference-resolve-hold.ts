// Admin: complete a deposit held on the operator's other figures, or fail it and refund what the operator took (audited)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { resolveHeldDeposit } from "@/lib/features/deposits/resolve-held-deposit";
import { db } from "@/lib/core/db/client";
import { toDepositDetailJson } from "@/lib/features/deposits/transform-deposit";
import { resolveHoldSchema } from "@/lib/core/schemas/support-refunds";
import { apiOperation } from "../operation";

const post = supportRoute({ action: "payments:resolve-hold", body: resolveHoldSchema }, async ({ params, staff, body }) => ({
  body: toDepositDetailJson(await resolveHeldDeposit(db(), { staffId: staff.id, reference: params.reference, decision: body.decision, note: body.note })),
}));

export const postSupportPaymentsReferenceResolveHold = apiOperation({
  method: "POST",
  path: "/admin/api/payments/[reference]/resolve-hold",
  handler: post,
});
