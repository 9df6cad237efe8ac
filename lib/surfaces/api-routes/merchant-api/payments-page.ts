// Create a payment page: one reusable URL or shop QR code many customers pay (an extension)
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { createPaymentPage as writePaymentPage } from "@/lib/features/payment-pages/create-payment-page";
import { toPaymentPageJson } from "@/lib/features/payment-pages/transform-page";
import { createPaymentPageSchema } from "@/lib/core/schemas/payment-page";
import { creationErrors, jsonContent } from "@/lib/surfaces/openapi/responses";
import * as examples from "@/lib/surfaces/openapi/examples";
import { idempotencyParams } from "@/lib/surfaces/openapi/shared";
import { pageResponse } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

export const createPaymentPage = apiOperation({
  method: "POST",
  path: "/api/v4/payments/page",
  sandbox: true,
  lane: true,
  order: 200,
  openapi: {
    operationId: "createPaymentPage",
    summary: "Create a payment page: one reusable URL or shop QR code that many customers pay (an extension)",
    description:
      "A payment link is one payment; a page is paid by any number of customers, at a set price (`amount`) or an " +
      "amount each customer types (from `minAmount` to `maxAmount`, by default the payment link's limits). Each " +
      "customer's payment is an ordinary payment link made from the page (its `paymentPage` names the page), with " +
      "its own `payment_link.*` webhooks to the page's `callbackUrl`. `url` is the public page (`/p/{reference}`, " +
      "under `/test` in the sandbox), `qrCodeUrl`/`qrCodeSvgUrl` its QR code. Status: `active`; `inactive` once " +
      "turned off; `exhausted` after `maxPayments` completed payments; `expired` after `expiresIn` (by default a " +
      "page never expires). Needs the `links:write` scope.",
    requestParams: idempotencyParams,
    requestBody: jsonContent(createPaymentPageSchema("live"), examples.createPaymentPage),
    responses: { "200": pageResponse("The page was created"), ...creationErrors },
  },
  handler: apiRoute(
    { auth: { scope: "links:write" }, body: createPaymentPageSchema, idempotentOperation: "payments.page.create", singleWrite: true },
    async ({ db, body, principal, environment, origin }) => {
      const page = await writePaymentPage(db, { merchantId: principal.merchantId, environment, input: body });
      return { body: toPaymentPageJson(page, origin, { paymentsCount: 0, amountCollectedMinor: 0n }) };
    },
  ),
});
