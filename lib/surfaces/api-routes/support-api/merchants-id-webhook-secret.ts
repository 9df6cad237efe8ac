// Admin: rotate the webhook secret (shown once, audited)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { rotateSecretAsStaff } from "@/lib/features/webhooks/webhook-deliveries";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const post = supportRoute({ action: "merchants:credentials" }, async ({ params, staff }) => ({
  body: await rotateSecretAsStaff(db(), { staffId: staff.id, merchantId: params.id }),
}));

export const postSupportMerchantsIdWebhookSecret = apiOperation({
  method: "POST",
  path: "/admin/api/merchants/[id]/webhook-secret",
  handler: post,
});
