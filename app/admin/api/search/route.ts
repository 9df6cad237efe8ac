// GET /admin/api/search?q= - a link, deposit, invoice or transfer by reference, a phone, an e-mail or a merchant
import { adminRoute } from "@/lib/admin/admin-route";
import { adminPaymentRow, adminTransferRow } from "@/lib/admin/admin-rows";
import { searchPayments } from "@/lib/admin/search-payments";
import { db } from "@/lib/db/client";

export const GET = adminRoute({}, async ({ url }) => {
  const found = await searchPayments(db(), url.searchParams.get("q") ?? "");
  return {
    body: {
      payments: [...found.links.map((l) => adminPaymentRow("link", l)), ...found.deposits.map((d) => adminPaymentRow("deposit", d))],
      transfers: found.transfers.map(adminTransferRow),
      merchants: found.merchants,
    },
  };
});
