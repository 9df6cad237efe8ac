// Every merchant with its counts
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { listMerchants } from "@/lib/features/merchants/merchant-views";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async () => ({ body: { items: await listMerchants(db()) } }));

export const getSupportMerchants = apiOperation({
  method: "GET",
  path: "/admin/api/merchants",
  handler: get,
});
