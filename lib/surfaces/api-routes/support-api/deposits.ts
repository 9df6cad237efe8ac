// Filterable, newest first, cursor-paginated
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { adminPaymentRow } from "@/lib/core/domain/support-rows";
import { listDeposits } from "@/lib/features/payments/list-payments";
import { parseQuery } from "@/lib/surfaces/support/query-params";
import { db } from "@/lib/core/db/client";
import { paymentFiltersSchema } from "@/lib/core/schemas/admin";
import { apiOperation } from "../operation";

const get = adminRoute({ action: "view" }, async ({ url }) => {
  const page = await listDeposits(db(), parseQuery(url, paymentFiltersSchema));
  return { body: { items: page.items.map((row) => adminPaymentRow("deposit", row)), nextCursor: page.nextCursor } };
});

export const getSupportDeposits = apiOperation({
  method: "GET",
  path: "/admin/api/deposits",
  handler: get,
});
