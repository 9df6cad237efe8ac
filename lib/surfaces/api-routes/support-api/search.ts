// GET /admin/api/search?q= - a link, deposit, invoice or transfer by reference, a phone, an e-mail or a merchant
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { supportPaymentRow, supportTransferRow } from "@/lib/core/domain/support-rows";
import { searchPayments } from "@/lib/features/payments/search-payments";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

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

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
