// GET /admin/api/transfers/pending - MANUAL transfers waiting for an admin's decision (optionally one merchant's)
import { adminRoute } from "@/lib/admin/admin-route";
import { db } from "@/lib/db/client";
import { listManualTransfers } from "@/lib/transfers/list-manual-transfers";

export const GET = adminRoute({}, async ({ url }) => ({
  body: { transfers: await listManualTransfers(db(), { merchantId: url.searchParams.get("merchantId") ?? undefined }) },
}));
