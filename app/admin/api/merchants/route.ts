// GET /admin/api/merchants - every merchant with its counts
import { adminRoute } from "@/lib/admin/admin-route";
import { listMerchants } from "@/lib/admin/merchant-views";
import { db } from "@/lib/db/client";

export const GET = adminRoute({}, async () => ({ body: { items: await listMerchants(db()) } }));
