// GET /admin/api/payments/{reference} - every field, timeline and attempts of one payment
import { adminRoute } from "@/lib/admin/admin-route";
import { paymentDetail } from "@/lib/admin/payment-detail";
import { db } from "@/lib/db/client";
import { requestOrigin } from "@/lib/http/api-route";

export const GET = adminRoute({}, async ({ params, request }) => ({
  body: await paymentDetail(db(), params.reference, requestOrigin(request)),
}));
