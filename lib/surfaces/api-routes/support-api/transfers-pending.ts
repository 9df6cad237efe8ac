// GET /admin/api/transfers/pending - transfers waiting for an admin: MANUAL ones, bank transfers handed over at their batch, live payouts left unresolved (optionally one merchant's)
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { db } from "@/lib/core/db/client";
import { listManualTransfers } from "@/lib/features/transfers/list-manual-transfers";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const get = supportRoute({ action: "view" }, async ({ url }) => ({
  body: { transfers: await listManualTransfers(db(), { merchantId: url.searchParams.get("merchantId") ?? undefined }) },
}));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
