// GET /admin/api/transfers/{reference} - one transfer: fields, timeline, ledger entries, webhook deliveries
import { adminRoute } from "@/lib/admin/admin-route";
import { transferDetail } from "@/lib/admin/transfer-detail";
import { db } from "@/lib/db/client";

export const GET = adminRoute({}, async ({ params }) => ({ body: await transferDetail(db(), params.reference) }));
