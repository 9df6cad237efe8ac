import {
  confirmDepositSchema,
  depositConfirmationSchema,
  depositDetailSchema,
  depositInvoiceSchema,
  depositRequestSchema,
  depositSchema,
} from "@/lib/core/schemas/deposit";
import { depositWebhookSchema } from "@/lib/core/schemas/webhook";
import { commonErrors, creationErrors, gatewayError, jsonContent, jsonResponse, operatorUnavailable, otpErrors } from "../responses";
import * as examples from "../examples";
import { idempotencyParams, readByReference, webhook, type Resource } from "./shared";

const initiateDeposit = {
  operationId: "initiateDeposit",
  summary: "Single-step deposit on a DIRECT (push prompt) or REDIRECT (url) gateway",
  description:
    "Sandbox: the simulated phone answers a DIRECT prompt after about 2 s by its last digits (111 declines, " +
    "222 never answers, 333 has insufficient funds, anything else approves); REDIRECT url opens a simulated " +
    "operator page with Approve and Decline. Deposits expire after 15 minutes.",
  requestParams: idempotencyParams,
  requestBody: jsonContent(depositRequestSchema, examples.directDeposit),
  responses: { "200": jsonResponse("The deposit was started", depositSchema), ...creationErrors, "502": gatewayError, "503": operatorUnavailable },
};

const generateInvoice = {
  operationId: "generateDepositInvoice",
  summary: "OTP deposit, step 1: create an invoice; the customer receives a code",
  description: "Sandbox: the code is 123456. Invoices expire after 10 minutes; a code allows 5 wrong tries.",
  requestParams: idempotencyParams,
  requestBody: jsonContent(depositRequestSchema, examples.otpDeposit),
  responses: { "200": jsonResponse("The invoice", depositInvoiceSchema), ...creationErrors, "502": gatewayError },
};

/** Deposits: single-step, OTP in two steps (the first two each with an alias), read; the deposit's webhook. */
export const deposits: Resource = {
  webhooks: {
    depositEvent: webhook("depositWebhook", "deposit.completed | failed | expired, to the deposit's callbackUrl", depositWebhookSchema, examples.depositWebhook),
  },
  paths: {
    "/api/v4/classic/deposit/initiate": { post: initiateDeposit },
    "/api/v4/deposit/initiate": { post: { ...initiateDeposit, operationId: "initiateDepositAlias", summary: "Alias of /api/v4/classic/deposit/initiate" } },
    "/api/v4/validation/deposit/generate-invoice": { post: generateInvoice },
    "/api/v4/validation/deposit": {
      post: { ...generateInvoice, operationId: "generateDepositInvoiceAlias", summary: "Alias of /api/v4/validation/deposit/generate-invoice" },
    },
    "/api/v4/validation/deposit/confirm": {
      post: {
        operationId: "confirmDeposit",
        summary: "OTP deposit, step 2: confirm the invoice with the customer's code",
        description: "A repeated confirmation answers 40020 with the validated reference in details.",
        requestBody: jsonContent(confirmDepositSchema, examples.confirmDeposit),
        responses: {
          "200": jsonResponse("The validated deposit, under a new reference (live: or failed / pending as the operator answered)", depositConfirmationSchema),
          ...otpErrors,
          ...commonErrors,
          "502": gatewayError,
          "503": operatorUnavailable,
        },
      },
    },
    "/api/v4/deposits/{reference}": readByReference(
      "getDeposit",
      "Read a deposit by its reference, invoice reference or validated reference",
      jsonResponse("The deposit", depositDetailSchema),
    ),
  },
};
