// GET /admin/api/overview - counts and volumes per status and currency, today and the last 7 days
import { adminRoute } from "@/lib/http/admin-route";
import { overview } from "@/lib/admin/merchant-views";
import { db } from "@/lib/db/client";
import { routeMethods } from "@/lib/http/api-route";

const get = adminRoute({}, async () => ({ body: await overview(db()) }));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
