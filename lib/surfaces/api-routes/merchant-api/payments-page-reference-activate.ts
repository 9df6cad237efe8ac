// Turn a payment page back on (an extension)
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { pageTotals } from "@/lib/features/payment-pages/page-totals";
import { switchPaymentPage } from "@/lib/features/payment-pages/switch-payment-page";
import { toPaymentPageJson } from "@/lib/features/payment-pages/transform-page";
import { errorResponse } from "@/lib/surfaces/openapi/responses";
import { switchOperation } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

export const activatePaymentPage = apiOperation({
  method: "POST",
  path: "/api/v4/payments/page/[reference]/activate",
  sandbox: true,
  lane: true,
  order: 240,
  openapi: switchOperation(
    "activatePaymentPage",
    "Turn a payment page back on (`links:write` scope)",
    "Idempotent. An expired or exhausted page cannot be turned on (40020): it could take no payment.",
    errorResponse("40020 the page is expired or exhausted", [40020, "Payment page PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K is expired: it can no longer be activated"]),
  ),
  handler: apiRoute({ auth: { scope: "links:write" } }, async ({ db, params, principal, environment, origin }) => {
    const page = await switchPaymentPage(db, "active", { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: toPaymentPageJson(page, origin, await pageTotals(db, page.reference)) };
  }),
});
