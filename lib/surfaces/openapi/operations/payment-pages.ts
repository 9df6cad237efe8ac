import { z } from "zod";
import {
  createPaymentPageSchema,
  listPagePaymentsQuerySchema,
  pagePaymentListSchema,
  paymentPageSchema,
} from "@/lib/core/schemas/payment-page";
import { commonErrors, creationErrors, errorResponse, jsonContent, notFoundError } from "../responses";
import * as examples from "../examples";
import { idempotencyParams, readByReference, type Resource } from "./shared";

const pageResponse = (description: string) => ({ description, ...jsonContent(paymentPageSchema, examples.paymentPage) });

const switchOperation = (operationId: string, summary: string, description: string, refusals?: ReturnType<typeof errorResponse>) => ({
  post: {
    operationId,
    summary,
    description,
    requestParams: { path: z.object({ reference: z.string() }) },
    responses: { "200": pageResponse("The page, as it now reads"), ...(refusals ? { "400": refusals } : {}), "404": notFoundError, ...commonErrors },
  },
});

/** Payment pages (issue 36, an extension): one reusable URL or shop QR code many customers pay. */
export const paymentPages: Resource = {
  paths: {
    "/api/v4/payments/page": {
      post: {
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
    },
    "/api/v4/payments/page/{reference}": readByReference(
      "getPaymentPage",
      "Read a payment page: its status, amount rule, completed payments and total (`links:read` scope)",
      pageResponse("The page"),
    ),
    "/api/v4/payments/page/{reference}/payments": {
      get: {
        operationId: "listPaymentPagePayments",
        summary: "The payment links made from a page, newest first, by cursor pages (`links:read` scope)",
        description:
          "One link per customer who pressed Pay, whatever became of it (pending, failed, expired or completed); only " +
          "completed ones count in the page's `paymentsCount`. Pass the last `reference` of a page as `startingAfter` for " +
          "the next one; links made meanwhile only appear before the first page.",
        requestParams: { path: z.object({ reference: z.string() }), query: listPagePaymentsQuerySchema },
        responses: {
          "200": { description: "One page of links", ...jsonContent(pagePaymentListSchema) },
          "400": errorResponse("40023 a query parameter breaks its rule", [40023, "limit must be a whole number from 1 to 100"]),
          "404": notFoundError,
          ...commonErrors,
        },
      },
    },
    "/api/v4/payments/page/{reference}/deactivate": switchOperation(
      "deactivatePaymentPage",
      "Turn a payment page off (`links:write` scope)",
      "The page makes no new payment link; links already made for customers stay payable until they expire. " +
        "Idempotent: a page already off stays off.",
    ),
    "/api/v4/payments/page/{reference}/activate": switchOperation(
      "activatePaymentPage",
      "Turn a payment page back on (`links:write` scope)",
      "Idempotent. An expired or exhausted page cannot be turned on (40020): it could take no payment.",
      errorResponse("40020 the page is expired or exhausted", [40020, "Payment page PAGE_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K is expired: it can no longer be activated"]),
    ),
  },
};
