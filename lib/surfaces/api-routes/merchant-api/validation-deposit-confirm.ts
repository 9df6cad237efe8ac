// Step 2 of the OTP deposit: trxReference + otp
import { clientAddress } from "@/lib/core/request/client-address";
import { limitOtpConfirm } from "@/lib/features/deposits/confirm-limits";
import { confirmDeposit as confirmInvoice } from "@/lib/features/deposits/confirm-deposit";
import { toDepositConfirmationJson } from "@/lib/features/deposits/transform-deposit";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { confirmDepositSchema, depositConfirmationSchema } from "@/lib/core/schemas/deposit";
import { commonErrors, gatewayError, jsonContent, jsonResponse, operatorUnavailable, otpErrors } from "@/lib/surfaces/openapi/responses";
import * as examples from "@/lib/surfaces/openapi/examples";
import { apiOperation } from "../operation";

// Not wrapped in the idempotency transaction: a wrong code must count even though the request
// fails. Confirming is idempotent by state instead: a repeat answers 40020 naming the result.
export const confirmDeposit = apiOperation({
  method: "POST",
  path: "/api/v4/validation/deposit/confirm",
  sandbox: true,
  lane: true,
  order: 340,
  openapi: {
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
  handler: apiRoute({ auth: { scope: "deposits:write" }, body: confirmDepositSchema }, async ({ db, request, body, principal, environment }) => {
    await limitOtpConfirm(clientAddress(request), body.trxReference);
    const deposit = await confirmInvoice(db, { merchantId: principal.merchantId, environment, ...body });
    return { body: toDepositConfirmationJson(deposit) };
  }),
});
