// GET /admin/api/transfers/{reference} - one transfer: fields, timeline, ledger entries, webhook deliveries
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { transferDetail } from "@/lib/features/transfers/transfer-detail";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const get = supportRoute({ action: "view" }, async ({ params }) => ({ body: await transferDetail(db(), params.reference) }));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
