// Filterable, newest first, cursor-paginated
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { supportPaymentRow } from "@/lib/core/domain/support-rows";
import { listLinks } from "@/lib/features/payments/list-payments";
import { parseQuery } from "@/lib/surfaces/support/query-params";
import { db } from "@/lib/core/db/client";
import { paymentFiltersSchema } from "@/lib/core/schemas/support";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async ({ url }) => {
  const page = await listLinks(db(), parseQuery(url, paymentFiltersSchema));
  return { body: { items: page.items.map((row) => supportPaymentRow("link", row)), nextCursor: page.nextCursor } };
});

export const getSupportLinks = apiOperation({
  method: "GET",
  path: "/admin/api/links",
  handler: get,
});
