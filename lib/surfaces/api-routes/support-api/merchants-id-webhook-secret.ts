// Admin: rotate the webhook secret (shown once, audited)
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { rotateSecretAsStaff } from "@/lib/features/webhooks/webhook-deliveries";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const post = adminRoute({ action: "merchants:credentials" }, async ({ params, staff }) => ({
  body: await rotateSecretAsStaff(db(), { staffId: staff.id, merchantId: params.id }),
}));

export const postSupportMerchantsIdWebhookSecret = apiOperation({
  method: "POST",
  path: "/admin/api/merchants/[id]/webhook-secret",
  handler: post,
});
