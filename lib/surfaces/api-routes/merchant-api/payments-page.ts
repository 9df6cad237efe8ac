// POST /api/v4/payments/page - create a payment page: one reusable URL or shop QR code many customers pay (an extension)
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { createPaymentPage } from "@/lib/features/payment-pages/create-payment-page";
import { toPaymentPageJson } from "@/lib/features/payment-pages/transform-page";
import { createPaymentPageSchema } from "@/lib/core/schemas/payment-page";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: apiRoute(
    { auth: { scope: "links:write" }, body: createPaymentPageSchema, idempotentOperation: "payments.page.create", singleWrite: true },
    async ({ db, body, principal, environment, origin }) => {
      const page = await createPaymentPage(db, { merchantId: principal.merchantId, environment, input: body });
      return { body: toPaymentPageJson(page, origin, { paymentsCount: 0, amountCollectedMinor: 0n }) };
    },
  ),
});
