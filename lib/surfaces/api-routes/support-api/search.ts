// A link, deposit, invoice or transfer by reference, a phone, an e-mail or a merchant
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { supportPaymentRow, supportTransferRow } from "@/lib/core/domain/support-rows";
import { searchPayments } from "@/lib/features/payments/search-payments";
import { db } from "@/lib/core/db/client";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async ({ url }) => {
  const found = await searchPayments(db(), url.searchParams.get("q") ?? "");
  return {
    body: {
      payments: [...found.links.map((l) => supportPaymentRow("link", l)), ...found.deposits.map((d) => supportPaymentRow("deposit", d))],
      transfers: found.transfers.map(supportTransferRow),
      merchants: found.merchants,
    },
  };
});

export const getSupportSearch = apiOperation({
  method: "GET",
  path: "/admin/api/search",
  handler: get,
});
