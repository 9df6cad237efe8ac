// Every field, timeline and attempts of one payment
import { supportRoute } from "@/lib/surfaces/http/support-route";
import { paymentDetail } from "@/lib/features/payments/payment-detail";
import { db } from "@/lib/core/db/client";
import { hostOrigin } from "@/lib/surfaces/http/host-origin";
import { apiOperation } from "../operation";

const get = supportRoute({ action: "view" }, async ({ params, request }) => ({
  body: await paymentDetail(db(), params.reference, hostOrigin(request.headers)),
}));

export const getSupportPaymentsReference = apiOperation({
  method: "GET",
  path: "/admin/api/payments/[reference]",
  handler: get,
});
