// GET /admin/api/payments/{reference} - every field, timeline and attempts of one payment
import { adminRoute } from "@/lib/http/admin-route";
import { paymentDetail } from "@/lib/admin/payment-detail";
import { db } from "@/lib/db/client";
import { requestOrigin, routeMethods } from "@/lib/http/api-route";

const get = adminRoute({}, async ({ params, request }) => ({
  body: await paymentDetail(db(), params.reference, requestOrigin(request)),
}));

// Other methods answer 400/40017 in the error envelope, with Allow.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: get });
