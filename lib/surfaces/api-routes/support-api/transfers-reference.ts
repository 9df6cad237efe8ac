// One transfer: fields, timeline, ledger entries, webhook deliveries
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { transferDetail } from "@/lib/features/transfers/transfer-detail";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async ({ params }) => ({ body: await transferDetail(db(), params.reference) }));

export const getSupportTransfersReference = apiOperation({
  method: "GET",
  path: "/admin/api/transfers/[reference]",
  handler: get,
});
