// Admin: send a failed or dead-lettered webhook again now (audited)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { retryDeliveryNow } from "@/lib/features/webhooks/webhook-deliveries";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const post = supportRoute({ action: "webhooks:resend" }, async ({ params, staff }) => ({
  body: await retryDeliveryNow(db(), { staffId: staff.id, deliveryId: params.id }),
}));

export const postSupportWebhooksDeliveriesIdRetry = apiOperation({
  method: "POST",
  path: "/admin/api/webhooks/deliveries/[id]/retry",
  handler: post,
});
