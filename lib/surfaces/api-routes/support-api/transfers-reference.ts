// GET /admin/api/transfers/{reference} - one transfer: fields, timeline, ledger entries, webhook deliveries
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { transferDetail } from "@/lib/features/transfers/transfer-detail";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const get = adminRoute({ action: "view" }, async ({ params }) => ({ body: await transferDetail(db(), params.reference) }));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
