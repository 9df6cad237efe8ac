// One transfer: fields, timeline, ledger entries, webhook deliveries
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { transferDetail } from "@/lib/features/transfers/transfer-detail";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = adminRoute({ action: "view" }, async ({ params }) => ({ body: await transferDetail(db(), params.reference) }));

export const getSupportTransfersReference = apiOperation({
  method: "GET",
  path: "/admin/api/transfers/[reference]",
  handler: get,
});
