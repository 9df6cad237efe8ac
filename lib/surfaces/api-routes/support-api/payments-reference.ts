// GET /admin/api/payments/{reference} - every field, timeline and attempts of one payment
import { adminRoute } from "@/lib/surfaces/http/admin-route";
import { paymentDetail } from "@/lib/features/payments/payment-detail";
import { db } from "@/lib/core/db/client";
import { requestOrigin, routeMethods } from "@/lib/surfaces/http/api-route";

const get = adminRoute({ action: "view" }, async ({ params, request }) => ({
  body: await paymentDetail(db(), params.reference, requestOrigin(request)),
}));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
