// GET /admin/api/merchants - every merchant with its counts
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { listMerchants } from "@/lib/features/merchants/merchant-views";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const get = adminRoute({ action: "view" }, async () => ({ body: { items: await listMerchants(db()) } }));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
