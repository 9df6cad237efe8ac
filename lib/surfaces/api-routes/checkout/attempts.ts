// The customer starts paying a link with a gateway and phone
import { clientAddress } from "@/lib/core/request/client-address";
import { startCheckoutAttempt } from "@/lib/features/checkout/checkout-actions";
import { checkoutState } from "@/lib/features/checkout/checkout-state";
import { getCheckoutLinkOrThrow } from "@/lib/features/checkout/get-checkout-link";
import { checkoutCookie, readCheckoutToken } from "@/lib/surfaces/checkout/checkout-cookie";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { CUSTOMER_POST_MAX_BYTES } from "@/lib/surfaces/http/customer-posts";
import { startAttemptSchema } from "@/lib/core/schemas/checkout";
import { apiOperation } from "../operation";

export const postCheckoutAttempts = apiOperation({
  method: "POST",
  path: "/api/checkout/[reference]/attempts",
  sandbox: true,
  handler: apiRoute({ auth: "none", refusalInBody: true, body: startAttemptSchema, maxBodyBytes: CUSTOMER_POST_MAX_BYTES }, async ({ db, request, params, environment, origin, body }) => {
    // The same function as the page's form without JavaScript (lib/surfaces/checkout/submit-checkout-form.ts).
    const { checkoutToken } = await startCheckoutAttempt(db, { reference: params.reference, environment, origin, clientAddress: clientAddress(request), checkoutToken: readCheckoutToken(request), ...body });
    const link = await getCheckoutLinkOrThrow(db, params.reference, environment);
    return {
      body: await checkoutState(db, link, new Date(), checkoutToken),
      headers: { "set-cookie": checkoutCookie(checkoutToken, { reference: link.reference, environment, secure: origin.startsWith("https:") }) },
    };
  }),
});
