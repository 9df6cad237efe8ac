// Read a link to verify its status server-side
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { getLinkWithAttemptsOrThrow } from "@/lib/features/links/get-link-or-throw";
import { toPaymentLinkJson } from "@/lib/features/links/transform-link";
import { paymentLinkSchema } from "@/lib/core/schemas/payment-link";
import { jsonResponse } from "@/lib/surfaces/openapi/responses";
import { readByReference } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

export const getPaymentLink = apiOperation({
  method: "GET",
  path: "/api/v4/payments/link/[reference]",
  sandbox: true,
  lane: true,
  order: 110,
  openapi: readByReference(
    "getPaymentLink",
    "Read a link (verify its status server-side)",
    jsonResponse("The link", paymentLinkSchema),
  ),
  handler: apiRoute({ auth: { scope: "links:read" } }, async ({ db, params, principal, environment, origin }) => {
    // Every checkout attempt (each its own deposit), so a failure then a payment both show.
    const { link, attempts } = await getLinkWithAttemptsOrThrow(db, { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: toPaymentLinkJson(link, origin, attempts) };
  }),
});
