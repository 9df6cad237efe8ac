// POST /admin/api/merchants/{id}/webhook-secret - admin: rotate the webhook secret (shown once, audited)
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { rotateSecretAsStaff } from "@/lib/features/webhooks/webhook-deliveries";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const post = adminRoute({ action: "merchants:credentials" }, async ({ params, staff }) => ({
  body: await rotateSecretAsStaff(db(), { staffId: staff.id, merchantId: params.id }),
}));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: post });
