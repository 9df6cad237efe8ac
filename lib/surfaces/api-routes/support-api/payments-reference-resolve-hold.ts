// POST /admin/api/payments/{reference}/resolve-hold - admin: complete a deposit held on the operator's other figures, or fail it and refund what the operator took (audited)
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { resolveHeldDeposit } from "@/lib/features/deposits/resolve-held-deposit";
import { db } from "@/lib/core/db/client";
import { toDepositDetailJson } from "@/lib/features/deposits/transform-deposit";
import { resolveHoldSchema } from "@/lib/core/schemas/admin-refunds";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const post = adminRoute({ action: "payments:resolve-hold", body: resolveHoldSchema }, async ({ params, staff, body }) => ({
  body: toDepositDetailJson(await resolveHeldDeposit(db(), { staffId: staff.id, reference: params.reference, decision: body.decision, note: body.note })),
}));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: post });
