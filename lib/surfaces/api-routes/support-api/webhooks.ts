// GET /admin/api/webhooks - dead-lettered deliveries, newest first
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { deadDeliveries } from "@/lib/features/webhooks/webhook-deliveries";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const get = adminRoute({ action: "view" }, async () => ({ body: { items: await deadDeliveries(db()) } }));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
