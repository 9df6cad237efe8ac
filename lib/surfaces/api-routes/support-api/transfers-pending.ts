// Transfers waiting for an admin: MANUAL ones, bank transfers handed over at their batch, live payouts left unresolved (optionally one merchant's)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { db } from "@/lib/core/db/client";
import { listManualTransfers } from "@/lib/features/transfers/list-manual-transfers";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async ({ url }) => ({
  body: { transfers: await listManualTransfers(db(), { merchantId: url.searchParams.get("merchantId") ?? undefined }) },
}));

export const getSupportTransfersPending = apiOperation({
  method: "GET",
  path: "/admin/api/transfers/pending",
  handler: get,
});
