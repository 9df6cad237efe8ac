// GET /admin/api/refunds - every refund, filterable (status, merchant, environment, source...), newest first, cursor-paginated
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { adminRefundRow } from "@/lib/core/domain/support-rows";
import { listRefunds } from "@/lib/features/refunds/list-refunds";
import { parseQuery } from "@/lib/surfaces/support/query-params";
import { db } from "@/lib/core/db/client";
import { refundFiltersSchema } from "@/lib/core/schemas/admin";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const get = adminRoute({ action: "view" }, async ({ url }) => {
  const page = await listRefunds(db(), parseQuery(url, refundFiltersSchema));
  return { body: { items: page.items.map(adminRefundRow), nextCursor: page.nextCursor } };
});

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
