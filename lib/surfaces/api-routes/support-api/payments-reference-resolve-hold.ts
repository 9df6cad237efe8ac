// Admin: complete a deposit held on the operator's other figures, or fail it and refund what the operator took (audited)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { resolveHeldDeposit } from "@/lib/features/deposits/resolve-held-deposit";
import { db } from "@/lib/core/db/client";
import { toDepositDetailJson } from "@/lib/features/deposits/transform-deposit";
import { resolveHoldSchema } from "@/lib/core/schemas/support-refunds";
import { paymentTarget } from "@/lib/features/staff/decision-target";
import { apiOperation } from "../operation";

// Once per form token: the same form sent twice answers the first decision (support-route.ts, `once`).
const post = supportRoute({ action: "payments:resolve-hold", body: resolveHoldSchema, oneTime: "payments.resolve-hold" }, async ({ params, staff, body, once }) =>
  once(await paymentTarget(db(), params.reference), async (tx) =>
    toDepositDetailJson(await resolveHeldDeposit(tx, { staffId: staff.id, reference: params.reference, decision: body.decision, note: body.note })),
  ),
);

export const postSupportPaymentsReferenceResolveHold = apiOperation({
  method: "POST",
  path: "/admin/api/payments/[reference]/resolve-hold",
  handler: post,
});
