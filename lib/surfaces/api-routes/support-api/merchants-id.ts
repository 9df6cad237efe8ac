// GET /admin/api/merchants/{id} - keys (prefixes only), gateways and 30-day volume
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { merchantDetail } from "@/lib/features/merchants/merchant-views";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const get = adminRoute({ action: "view" }, async ({ params }) => ({ body: await merchantDetail(db(), params.id) }));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
