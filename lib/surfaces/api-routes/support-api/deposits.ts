// GET /admin/api/deposits - filterable, newest first, cursor-paginated
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { adminPaymentRow } from "@/lib/core/domain/support-rows";
import { listDeposits } from "@/lib/features/payments/list-payments";
import { parseQuery } from "@/lib/surfaces/support/query-params";
import { db } from "@/lib/core/db/client";
import { paymentFiltersSchema } from "@/lib/core/schemas/admin";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const get = adminRoute({ action: "view" }, async ({ url }) => {
  const page = await listDeposits(db(), parseQuery(url, paymentFiltersSchema));
  return { body: { items: page.items.map((row) => adminPaymentRow("deposit", row)), nextCursor: page.nextCursor } };
});

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
