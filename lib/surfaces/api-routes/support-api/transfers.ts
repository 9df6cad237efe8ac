// Every transfer, filterable, newest first, cursor-paginated
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { adminTransferRow } from "@/lib/core/domain/support-rows";
import { listTransfers } from "@/lib/features/transfers/list-transfers";
import { parseQuery } from "@/lib/surfaces/support/query-params";
import { db } from "@/lib/core/db/client";
import { transferFiltersSchema } from "@/lib/core/schemas/admin";
import { apiOperation } from "../operation";

const get = adminRoute({ action: "view" }, async ({ url }) => {
  const page = await listTransfers(db(), parseQuery(url, transferFiltersSchema));
  return { body: { items: page.items.map(adminTransferRow), nextCursor: page.nextCursor } };
});

export const getSupportTransfers = apiOperation({
  method: "GET",
  path: "/admin/api/transfers",
  handler: get,
});
