// Every transfer, filterable, newest first, cursor-paginated
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { supportTransferRow } from "@/lib/core/domain/support-rows";
import { listTransfers } from "@/lib/features/transfers/list-transfers";
import { parseQuery } from "@/lib/surfaces/support/query-params";
import { db } from "@/lib/core/db/client";
import { transferFiltersSchema } from "@/lib/core/schemas/support";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async ({ url }) => {
  const page = await listTransfers(db(), parseQuery(url, transferFiltersSchema));
  return { body: { items: page.items.map(supportTransferRow), nextCursor: page.nextCursor } };
});

export const getSupportTransfers = apiOperation({
  method: "GET",
  path: "/admin/api/transfers",
  handler: get,
});
