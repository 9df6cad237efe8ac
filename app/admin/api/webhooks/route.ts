// GET /admin/api/webhooks - dead-lettered deliveries, newest first
import { adminRoute } from "@/lib/admin/admin-route";
import { deadDeliveries } from "@/lib/admin/webhook-deliveries";
import { db } from "@/lib/db/client";

export const GET = adminRoute({}, async () => ({ body: { items: await deadDeliveries(db()) } }));
