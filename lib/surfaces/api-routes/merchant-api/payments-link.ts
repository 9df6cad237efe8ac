// Create a reusable payment link
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { preparePaymentLink } from "@/lib/features/links/create-payment-link";
import { toPaymentLinkCreatedJson } from "@/lib/features/links/transform-link";
import { createPaymentLinkSchema, paymentLinkCreatedSchema } from "@/lib/core/schemas/payment-link";
import { creationErrors, jsonContent, jsonResponse } from "@/lib/surfaces/openapi/responses";
import * as examples from "@/lib/surfaces/openapi/examples";
import { idempotencyParams } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

export const createPaymentLink = apiOperation({
  method: "POST",
  path: "/api/v4/payments/link",
  sandbox: true,
  lane: true,
  order: 100,
  openapi: {
    operationId: "createPaymentLink",
    summary: "Create a reusable payment link",
    requestParams: idempotencyParams,
    requestBody: jsonContent(createPaymentLinkSchema("live"), examples.createPaymentLink),
    responses: { "200": jsonResponse("The link was created", paymentLinkCreatedSchema), ...creationErrors },
  },
  handler: apiRoute(
    { auth: { scope: "links:write" }, body: createPaymentLinkSchema, idempotentOperation: "payments.link.create" },
    {
      prepare: async ({ body, principal, environment, origin }) => {
        const { row: link, insert, written } = preparePaymentLink({ merchantId: principal.merchantId, environment, input: body });
        return { insert, written, answer: { body: toPaymentLinkCreatedJson(link, origin) } };
      },
    },
  ),
});
