// What the hosted checkout shows now (polled by the page)
import { clientAddress } from "@/lib/core/request/client-address";
import { checkoutState } from "@/lib/features/checkout/checkout-state";
import { limitCheckoutRead } from "@/lib/features/checkout/checkout-limits";
import { readCheckoutToken } from "@/lib/surfaces/checkout/checkout-cookie";
import { getCheckoutLinkOrThrow } from "@/lib/features/checkout/get-checkout-link";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { apiOperation } from "../operation";

export const getCheckout = apiOperation({
  method: "GET",
  path: "/api/checkout/[reference]",
  sandbox: true,
  handler: apiRoute({ auth: "none", refusalInBody: true }, async ({ db, request, params, environment }) => {
    await limitCheckoutRead(clientAddress(request));
    const link = await getCheckoutLinkOrThrow(db, params.reference, environment);
    return { body: await checkoutState(db, link, new Date(), readCheckoutToken(request)) };
  }),
});
