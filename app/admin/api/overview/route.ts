// GET /admin/api/overview - counts and volumes per status and currency, today and the last 7 days
import { adminRoute } from "@/lib/admin/admin-route";
import { overview } from "@/lib/admin/merchant-views";
import { db } from "@/lib/db/client";

export const GET = adminRoute({}, async () => ({ body: await overview(db()) }));
