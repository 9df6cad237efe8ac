// Keys (prefixes only), gateways and 30-day volume
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { merchantDetail } from "@/lib/features/merchants/merchant-views";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = adminRoute({ action: "view" }, async ({ params }) => ({ body: await merchantDetail(db(), params.id) }));

export const getSupportMerchantsId = apiOperation({
  method: "GET",
  path: "/admin/api/merchants/[id]",
  handler: get,
});
