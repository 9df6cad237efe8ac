// Counts and volumes per status and currency, today and the last 7 days
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { overview } from "@/lib/features/merchants/merchant-views";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async () => ({ body: await overview(db()) }));

export const getSupportOverview = apiOperation({
  method: "GET",
  path: "/admin/api/overview",
  handler: get,
});
