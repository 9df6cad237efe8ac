// GET /admin/api/refunds/{reference} - one refund: money, operator fields, its payment, ledger entries, webhook deliveries, the actions that apply
import { adminRoute } from "@/lib/http/admin-route";
import { refundDetail } from "@/lib/admin/refund-detail";
import { db } from "@/lib/db/client";
import { routeMethods } from "@/lib/http/api-route";

const get = adminRoute({}, async ({ params }) => ({ body: await refundDetail(db(), params.reference) }));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
