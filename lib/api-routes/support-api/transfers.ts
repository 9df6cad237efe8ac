// GET /admin/api/transfers - every transfer, filterable, newest first, cursor-paginated
import { adminRoute } from "@/lib/http/admin-route";
import { adminTransferRow } from "@/lib/admin/admin-rows";
import { listTransfers } from "@/lib/admin/list-transfers";
import { parseQuery } from "@/lib/admin/query-params";
import { db } from "@/lib/db/client";
import { transferFiltersSchema } from "@/lib/schemas/admin";
import { routeMethods } from "@/lib/http/api-route";

const get = adminRoute({}, async ({ url }) => {
  const page = await listTransfers(db(), parseQuery(url, transferFiltersSchema));
  return { body: { items: page.items.map(adminTransferRow), nextCursor: page.nextCursor } };
});

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
