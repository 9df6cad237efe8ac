// POST /api/v4/payments/page/{reference}/deactivate - turn a payment page off: it makes no new payment links (an extension)
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { pageTotals } from "@/lib/features/payment-pages/page-totals";
import { switchPaymentPage } from "@/lib/features/payment-pages/switch-payment-page";
import { toPaymentPageJson } from "@/lib/features/payment-pages/transform-page";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: apiRoute({ auth: { scope: "links:write" } }, async ({ db, params, principal, environment, origin }) => {
    const page = await switchPaymentPage(db, "inactive", { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: toPaymentPageJson(page, origin, await pageTotals(db, page.reference)) };
  }),
});
