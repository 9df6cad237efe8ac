// The customer starts paying a link with a gateway and phone
import { checkoutCookie, newCheckoutToken, readCheckoutToken } from "@/lib/features/checkout/checkout-session";
import { checkoutState } from "@/lib/features/checkout/checkout-state";
import { limitCheckoutWrite } from "@/lib/features/checkout/checkout-limits";
import { getCheckoutLinkOrThrow } from "@/lib/features/checkout/get-checkout-link";
import { startLinkAttempt } from "@/lib/features/checkout/start-link-attempt";
import { scheduleSandboxAnswer } from "@/lib/features/deposits/schedule-sandbox-answer";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { CUSTOMER_POST_MAX_BYTES } from "@/lib/surfaces/http/customer-posts";
import { startAttemptSchema } from "@/lib/core/schemas/checkout";
import { apiOperation } from "../operation";

export const postCheckoutAttempts = apiOperation({
  method: "POST",
  path: "/api/checkout/[reference]/attempts",
  sandbox: true,
  handler: apiRoute({ auth: "none", refusalInBody: true, body: startAttemptSchema, maxBodyBytes: CUSTOMER_POST_MAX_BYTES }, async ({ db, request, params, environment, origin, body }) => {
    const carried = readCheckoutToken(request);
    await limitCheckoutWrite(db, request, params.reference, carried);
    // The checkout's session: only it may replace its own live attempt (lib/features/checkout/checkout-session.ts).
    const checkoutToken = carried ?? newCheckoutToken();
    const attempt = await startLinkAttempt(db, { reference: params.reference, environment, origin, checkoutToken, ...body });
    scheduleSandboxAnswer(attempt);
    const link = await getCheckoutLinkOrThrow(db, params.reference, environment);
    return {
      body: await checkoutState(db, link, new Date(), checkoutToken),
      headers: { "set-cookie": checkoutCookie(checkoutToken, { reference: link.reference, environment, secure: origin.startsWith("https:") }) },
    };
  }),
});
