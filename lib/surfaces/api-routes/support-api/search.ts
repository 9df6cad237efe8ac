// A link, deposit, invoice or transfer by reference, a phone, an e-mail or a merchant
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { adminPaymentRow, adminTransferRow } from "@/lib/core/domain/support-rows";
import { searchPayments } from "@/lib/features/payments/search-payments";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = adminRoute({ action: "view" }, async ({ url }) => {
  const found = await searchPayments(db(), url.searchParams.get("q") ?? "");
  return {
    body: {
      payments: [...found.links.map((l) => adminPaymentRow("link", l)), ...found.deposits.map((d) => adminPaymentRow("deposit", d))],
      transfers: found.transfers.map(adminTransferRow),
      merchants: found.merchants,
    },
  };
});

export const getSupportSearch = apiOperation({
  method: "GET",
  path: "/admin/api/search",
  handler: get,
});
