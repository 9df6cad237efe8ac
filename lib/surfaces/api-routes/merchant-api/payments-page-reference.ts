// Read a payment page: its status, amount rule, payments and total (an extension)
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { getPageOrThrow } from "@/lib/features/payment-pages/get-page-or-throw";
import { pageTotals } from "@/lib/features/payment-pages/page-totals";
import { toPaymentPageJson } from "@/lib/features/payment-pages/transform-page";
import { readByReference } from "@/lib/surfaces/openapi/shared";
import { pageResponse } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

export const getPaymentPage = apiOperation({
  method: "GET",
  path: "/api/v4/payments/page/[reference]",
  sandbox: true,
  lane: true,
  order: 210,
  openapi: readByReference(
    "getPaymentPage",
    "Read a payment page: its status, amount rule, completed payments and total (`links:read` scope)",
    pageResponse("The page"),
  ),
  handler: apiRoute({ auth: { scope: "links:read" } }, async ({ db, params, principal, environment, origin }) => {
    const page = await getPageOrThrow(db, { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: toPaymentPageJson(page, origin, await pageTotals(db, page.reference)) };
  }),
});
