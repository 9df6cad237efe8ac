// GET /admin/api/webhooks - dead-lettered deliveries, newest first
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { deadDeliveries } from "@/lib/features/webhooks/webhook-deliveries";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const get = supportRoute({ action: "view" }, async () => ({ body: { items: await deadDeliveries(db()) } }));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
