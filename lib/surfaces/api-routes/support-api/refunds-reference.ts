// One refund: money, operator fields, its payment, ledger entries, webhook deliveries, the actions that apply
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { refundDetail } from "@/lib/features/refunds/refund-detail";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async ({ params }) => ({ body: await refundDetail(db(), params.reference) }));

export const getSupportRefundsReference = apiOperation({
  method: "GET",
  path: "/admin/api/refunds/[reference]",
  handler: get,
});
