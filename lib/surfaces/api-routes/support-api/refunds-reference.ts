// GET /admin/api/refunds/{reference} - one refund: money, operator fields, its payment, ledger entries, webhook deliveries, the actions that apply
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { refundDetail } from "@/lib/features/refunds/refund-detail";
import { db } from "@/lib/core/db/client";
import { routeMethods } from "@/lib/surfaces/http/api-route";

const get = adminRoute({ action: "view" }, async ({ params }) => ({ body: await refundDetail(db(), params.reference) }));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
