// GET /admin/api/refunds - every refund, filterable (status, merchant, environment, source...), newest first, cursor-paginated
import { adminRoute } from "@/lib/http/admin-route";
import { adminRefundRow } from "@/lib/admin/admin-rows";
import { listRefunds } from "@/lib/admin/list-refunds";
import { parseQuery } from "@/lib/admin/query-params";
import { db } from "@/lib/db/client";
import { refundFiltersSchema } from "@/lib/schemas/admin";
import { routeMethods } from "@/lib/http/api-route";

const get = adminRoute({}, async ({ url }) => {
  const page = await listRefunds(db(), parseQuery(url, refundFiltersSchema));
  return { body: { items: page.items.map(adminRefundRow), nextCursor: page.nextCursor } };
});

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
