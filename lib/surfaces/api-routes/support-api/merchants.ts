// Every merchant with its counts
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { listMerchants } from "@/lib/features/merchants/merchant-views";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = adminRoute({ action: "view" }, async () => ({ body: { items: await listMerchants(db()) } }));

export const getSupportMerchants = apiOperation({
  method: "GET",
  path: "/admin/api/merchants",
  handler: get,
});
