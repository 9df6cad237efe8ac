// GET /admin/api/search?q= - a link, deposit, invoice or transfer by reference, a phone, an e-mail or a merchant
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { adminPaymentRow, adminTransferRow } from "@/lib/core/domain/support-rows";
import { searchPayments } from "@/lib/features/payments/search-payments";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

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

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
