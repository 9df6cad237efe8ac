// Turn a payment page off: it makes no new payment links (an extension)
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { pageTotals } from "@/lib/features/payment-pages/page-totals";
import { switchPaymentPage } from "@/lib/features/payment-pages/switch-payment-page";
import { toPaymentPageJson } from "@/lib/features/payment-pages/transform-page";
import { switchOperation } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

export const deactivatePaymentPage = apiOperation({
  method: "POST",
  path: "/api/v4/payments/page/[reference]/deactivate",
  sandbox: true,
  lane: true,
  order: 230,
  openapi: switchOperation(
    "deactivatePaymentPage",
    "Turn a payment page off (`links:write` scope)",
    "The page makes no new payment link; links already made for customers stay payable until they expire. " +
      "Idempotent: a page already off stays off.",
  ),
  handler: apiRoute({ auth: { scope: "links:write" } }, async ({ db, params, principal, environment, origin }) => {
    const page = await switchPaymentPage(db, "inactive", { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: toPaymentPageJson(page, origin, await pageTotals(db, page.reference)) };
  }),
});
