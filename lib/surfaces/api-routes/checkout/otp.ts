// The customer types the code of the current OTP attempt
import { readCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { checkoutState } from "@/lib/features/checkout/checkout-state";
import { limitCheckoutWrite } from "@/lib/features/checkout/checkout-limits";
import { confirmLinkOtp } from "@/lib/features/checkout/confirm-link-otp";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { CUSTOMER_POST_MAX_BYTES } from "@/lib/surfaces/http/customer-posts";
import { checkoutOtpSchema } from "@/lib/core/schemas/checkout";
import { apiOperation } from "../operation";

export const postCheckoutOtp = apiOperation({
  method: "POST",
  path: "/api/checkout/[reference]/otp",
  sandbox: true,
  handler: apiRoute({ auth: "none", refusalInBody: true, body: checkoutOtpSchema, maxBodyBytes: CUSTOMER_POST_MAX_BYTES }, async ({ db, request, params, environment, body }) => {
    const checkoutToken = readCheckoutToken(request);
    await limitCheckoutWrite(db, request, params.reference, checkoutToken);
    const link = await confirmLinkOtp(db, { reference: params.reference, environment, otp: body.otp, checkoutToken });
    return { body: await checkoutState(db, link, new Date(), checkoutToken) };
  }),
});
