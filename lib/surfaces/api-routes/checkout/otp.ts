// The customer types the code of the current OTP attempt
import { clientAddress } from "@/lib/core/request/client-address";
import { confirmCheckoutOtp } from "@/lib/features/checkout/checkout-actions";
import { checkoutState } from "@/lib/features/checkout/checkout-state";
import { readCheckoutToken } from "@/lib/surfaces/checkout/checkout-cookie";
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
    // The same function as the page's form without JavaScript (lib/surfaces/checkout/submit-checkout-form.ts).
    const link = await confirmCheckoutOtp(db, { reference: params.reference, environment, clientAddress: clientAddress(request), checkoutToken, otp: body.otp });
    return { body: await checkoutState(db, link, new Date(), checkoutToken) };
  }),
});
