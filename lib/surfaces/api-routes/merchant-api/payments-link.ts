// POST /api/v4/payments/link - create a reusable payment link
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { createPaymentLink } from "@/lib/features/links/create-payment-link";
import { toPaymentLinkCreatedJson } from "@/lib/features/links/transform-link";
import { createPaymentLinkSchema } from "@/lib/core/schemas/payment-link";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: apiRoute(
    { auth: { scope: "links:write" }, body: createPaymentLinkSchema, idempotentOperation: "payments.link.create", singleWrite: true },
    async ({ db, body, principal, environment, origin }) => {
      const link = await createPaymentLink(db, { merchantId: principal.merchantId, environment, input: body });
      return { body: toPaymentLinkCreatedJson(link, origin) };
    },
  ),
});
