// GET /api/v4/payments/link/{reference} - read a link to verify its status server-side
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { getLinkOrThrow } from "@/lib/features/links/get-link-or-throw";
import { findLinkAttempts } from "@/lib/features/links/link-attempts";
import { toPaymentLinkJson } from "@/lib/features/links/transform-link";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: { scope: "links:read" } }, async ({ db, params, principal, environment, origin }) => {
    const link = await getLinkOrThrow(db, { reference: params.reference, merchantId: principal.merchantId, environment });
    // Every checkout attempt (each its own deposit), so a failure then a payment both show.
    const attempts = await findLinkAttempts(db, link.id);
    return { body: toPaymentLinkJson(link, origin, attempts) };
  }),
});
