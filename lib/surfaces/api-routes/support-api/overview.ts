// Counts and volumes per status and currency, today and the last 7 days; the live operators' availability
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { overview } from "@/lib/features/merchants/merchant-views";
import { readGatewayAvailability } from "@/lib/features/monitoring/gateway-availability";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async () => {
  const [figures, operators] = await Promise.all([overview(db()), readGatewayAvailability()]);
  return { body: { ...figures, operators } };
});

export const getSupportOverview = apiOperation({
  method: "GET",
  path: "/admin/api/overview",
  handler: get,
});
