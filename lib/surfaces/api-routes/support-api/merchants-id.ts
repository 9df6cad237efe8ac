// Keys (prefixes only), gateways and 30-day volume
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { merchantDetail } from "@/lib/features/merchants/merchant-views";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async ({ params }) => ({ body: await merchantDetail(db(), params.id) }));

export const getSupportMerchantsId = apiOperation({
  method: "GET",
  path: "/admin/api/merchants/[id]",
  handler: get,
});
