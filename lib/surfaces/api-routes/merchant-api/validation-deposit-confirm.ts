// POST /api/v4/validation/deposit/confirm - step 2 of the OTP deposit: trxReference + otp
import { limitOtpConfirm } from "@/lib/features/deposits/confirm-limits";
import { confirmDeposit } from "@/lib/features/deposits/confirm-deposit";
import { toDepositConfirmationJson } from "@/lib/features/deposits/transform-deposit";
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { confirmDepositSchema } from "@/lib/core/schemas/deposit";

// Not wrapped in the idempotency transaction: a wrong code must count even though the request
// fails. Confirming is idempotent by state instead: a repeat answers 40020 naming the result.
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: apiRoute({ auth: { scope: "deposits:write" }, body: confirmDepositSchema }, async ({ db, request, body, principal, environment }) => {
    await limitOtpConfirm(request, body.trxReference);
    const deposit = await confirmDeposit(db, { merchantId: principal.merchantId, environment, ...body });
    return { body: toDepositConfirmationJson(deposit) };
  }),
});
