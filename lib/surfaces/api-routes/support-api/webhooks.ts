// Dead-lettered deliveries, newest first
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { deadDeliveries } from "@/lib/features/webhooks/webhook-deliveries";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = adminRoute({ action: "view" }, async () => ({ body: { items: await deadDeliveries(db()) } }));

export const getSupportWebhooks = apiOperation({
  method: "GET",
  path: "/admin/api/webhooks",
  handler: get,
});
