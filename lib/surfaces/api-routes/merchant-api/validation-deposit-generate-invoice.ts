// POST /api/v4/validation/deposit/generate-invoice - step 1 of the OTP deposit
import { createDeposit } from "@/lib/features/deposits/create-deposit";
import { toDepositInvoiceJson } from "@/lib/features/deposits/transform-deposit";
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { depositRequestSchema } from "@/lib/core/schemas/deposit";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: apiRoute(
    { auth: { scope: "deposits:write" }, body: depositRequestSchema, idempotentOperation: "deposits.invoice", singleWrite: true },
    async ({ db, body, principal, environment, origin }) => {
      const invoice = await createDeposit(db, { merchantId: principal.merchantId, environment, input: body, endpoint: "otp", origin });
      return { body: toDepositInvoiceJson(invoice) };
    },
  ),
});
