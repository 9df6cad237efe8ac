// GET /api/checkout/{reference} - what the hosted checkout shows now (polled by the page)
import { readCheckoutToken } from "@/lib/checkout/checkout-session";
import { checkoutState } from "@/lib/checkout/checkout-state";
import { limitCheckoutRead } from "@/lib/checkout/checkout-limits";
import { getCheckoutLinkOrThrow } from "@/lib/checkout/get-checkout-link";
import { apiRoute, routeMethods } from "@/lib/http/api-route";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: "none" }, async ({ db, request, params, environment }) => {
    await limitCheckoutRead(request);
    const link = await getCheckoutLinkOrThrow(db, params.reference, environment);
    return { body: await checkoutState(db, link, new Date(), readCheckoutToken(request)) };
  }),
});
