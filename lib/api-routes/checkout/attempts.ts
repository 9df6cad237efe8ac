// POST /api/checkout/{reference}/attempts - the customer starts paying a link with a gateway and phone
import { checkoutCookie, newCheckoutToken, readCheckoutToken } from "@/lib/checkout/checkout-session";
import { checkoutState } from "@/lib/checkout/checkout-state";
import { limitCheckoutWrite } from "@/lib/checkout/checkout-limits";
import { getCheckoutLinkOrThrow } from "@/lib/checkout/get-checkout-link";
import { startLinkAttempt } from "@/lib/checkout/start-link-attempt";
import { scheduleSandboxAnswer } from "@/lib/deposits/schedule-sandbox-answer";
import { apiRoute, routeMethods } from "@/lib/http/api-route";
import { startAttemptSchema } from "@/lib/schemas/checkout";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: apiRoute({ auth: "none", body: startAttemptSchema }, async ({ db, request, params, environment, origin, body }) => {
    await limitCheckoutWrite(request, params.reference);
    // The checkout's session: only it may replace its own live attempt (lib/checkout/checkout-session.ts).
    const checkoutToken = readCheckoutToken(request) ?? newCheckoutToken();
    const attempt = await startLinkAttempt(db, { reference: params.reference, environment, origin, checkoutToken, ...body });
    scheduleSandboxAnswer(attempt);
    const link = await getCheckoutLinkOrThrow(db, params.reference, environment);
    return {
      body: await checkoutState(db, link, new Date(), checkoutToken),
      headers: { "set-cookie": checkoutCookie(checkoutToken, { reference: link.reference, environment, secure: origin.startsWith("https:") }) },
    };
  }),
});
