// GET /admin/api/transfers/{reference} - one transfer: fields, timeline, ledger entries, webhook deliveries
import { adminRoute } from "@/lib/http/admin-route";
import { transferDetail } from "@/lib/admin/transfer-detail";
import { db } from "@/lib/db/client";
import { routeMethods } from "@/lib/http/api-route";

const get = adminRoute({}, async ({ params }) => ({ body: await transferDetail(db(), params.reference) }));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
