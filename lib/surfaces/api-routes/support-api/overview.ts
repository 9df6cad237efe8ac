// GET /admin/api/overview - counts and volumes per status and currency, today and the last 7 days
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { overview } from "@/lib/features/merchants/merchant-views";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const get = adminRoute({ action: "view" }, async () => ({ body: await overview(db()) }));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
