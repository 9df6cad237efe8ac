// GET /admin/api/merchants/{id} - keys (prefixes only), gateways and 30-day volume
import { adminRoute } from "@/lib/admin/admin-route";
import { merchantDetail } from "@/lib/admin/merchant-views";
import { db } from "@/lib/db/client";

export const GET = adminRoute({}, async ({ params }) => ({ body: await merchantDetail(db(), params.id) }));
