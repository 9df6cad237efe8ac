// GET /api/v4/payments/page/{reference} - read a payment page: its status, amount rule, payments and total (an extension)
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { getPageOrThrow } from "@/lib/features/payment-pages/get-page-or-throw";
import { pageTotals } from "@/lib/features/payment-pages/page-totals";
import { toPaymentPageJson } from "@/lib/features/payment-pages/transform-page";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: { scope: "links:read" } }, async ({ db, params, principal, environment, origin }) => {
    const page = await getPageOrThrow(db, { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: toPaymentPageJson(page, origin, await pageTotals(db, page.reference)) };
  }),
});
