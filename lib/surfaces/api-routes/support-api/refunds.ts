// Every refund, filterable (status, merchant, environment, source...), newest first, cursor-paginated
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { supportRefundRow } from "@/lib/core/domain/support-rows";
import { listRefunds } from "@/lib/features/refunds/list-refunds";
import { parseQuery } from "@/lib/surfaces/support/query-params";
import { db } from "@/lib/core/db/client";
import { refundFiltersSchema } from "@/lib/core/schemas/support";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async ({ url }) => {
  const page = await listRefunds(db(), parseQuery(url, refundFiltersSchema));
  return { body: { items: page.items.map(supportRefundRow), nextCursor: page.nextCursor } };
});

export const getSupportRefunds = apiOperation({
  method: "GET",
  path: "/admin/api/refunds",
  handler: get,
});
