// POST /admin/api/webhooks/deliveries/{id}/retry - admin: send a failed or dead-lettered webhook again now (audited)
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { retryDeliveryNow } from "@/lib/features/webhooks/webhook-deliveries";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const post = adminRoute({ action: "webhooks:resend" }, async ({ params, staff }) => ({
  body: await retryDeliveryNow(db(), { staffId: staff.id, deliveryId: params.id }),
}));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: post });
