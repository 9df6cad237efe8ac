// Step 1 of the OTP deposit
import { createDeposit } from "@/lib/features/deposits/create-deposit";
import { toDepositInvoiceJson } from "@/lib/features/deposits/transform-deposit";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { depositInvoiceSchema, depositRequestSchema } from "@/lib/core/schemas/deposit";
import { creationErrors, gatewayError, jsonContent, jsonResponse } from "@/lib/surfaces/openapi/responses";
import * as examples from "@/lib/surfaces/openapi/examples";
import { idempotencyParams } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

export const generateDepositInvoice = apiOperation({
  method: "POST",
  path: "/api/v4/validation/deposit/generate-invoice",
  sandbox: true,
  lane: true,
  order: 320,
  openapi: {
    operationId: "generateDepositInvoice",
    summary: "OTP deposit, step 1: create an invoice; the customer receives a code",
    description: "Sandbox: the code is 123456. Invoices expire after 10 minutes; a code allows 5 wrong tries.",
    requestParams: idempotencyParams,
    requestBody: jsonContent(depositRequestSchema, examples.otpDeposit),
    responses: { "200": jsonResponse("The invoice", depositInvoiceSchema), ...creationErrors, "502": gatewayError },
  },
  handler: apiRoute(
    { auth: { scope: "deposits:write" }, body: depositRequestSchema, idempotentOperation: "deposits.invoice", singleWrite: true },
    async ({ db, body, principal, environment, origin }) => {
      const invoice = await createDeposit(db, { merchantId: principal.merchantId, environment, input: body, endpoint: "otp", origin });
      return { body: toDepositInvoiceJson(invoice) };
    },
  ),
});

// The spec names this path too, for the same operation (the same Idempotency-Key scope).
export const generateDepositInvoiceAlias = apiOperation({
  ...generateDepositInvoice,
  path: "/api/v4/validation/deposit",
  order: 330,
  openapi: { ...generateDepositInvoice.openapi, operationId: "generateDepositInvoiceAlias", summary: "Alias of /api/v4/validation/deposit/generate-invoice" },
});
