// Dead-lettered deliveries, newest first
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { deadDeliveries } from "@/lib/features/webhooks/webhook-deliveries";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async () => ({ body: { items: await deadDeliveries(db()) } }));

export const getSupportWebhooks = apiOperation({
  method: "GET",
  path: "/admin/api/webhooks",
  handler: get,
});
