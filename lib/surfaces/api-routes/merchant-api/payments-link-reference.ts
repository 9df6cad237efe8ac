// GET /api/v4/payments/link/{reference} - read a link to verify its status server-side
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { getLinkWithAttemptsOrThrow } from "@/lib/features/links/get-link-or-throw";
import { toPaymentLinkJson } from "@/lib/features/links/transform-link";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: { scope: "links:read" } }, async ({ db, params, principal, environment, origin }) => {
    // Every checkout attempt (each its own deposit), so a failure then a payment both show.
    const { link, attempts } = await getLinkWithAttemptsOrThrow(db, { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: toPaymentLinkJson(link, origin, attempts) };
  }),
});
