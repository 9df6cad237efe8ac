// POST /api/v4/payments/link/{reference}/send - send a payment link to a customer by SMS or e-mail (an extension)
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { sendPaymentLink } from "@/lib/features/link-sends/send-payment-link";
import { toLinkSendJson } from "@/lib/features/link-sends/transform-link-send";
import { sendLinkRequestSchema } from "@/lib/core/schemas/link-send";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: apiRoute({ auth: { scope: "links:write" }, body: sendLinkRequestSchema }, async ({ db, body, params, principal, environment, origin }) => {
    const send = await sendPaymentLink(db, { reference: params.reference, merchantId: principal.merchantId, environment, origin, input: body, requestedBy: "api" });
    return { body: toLinkSendJson(send, params.reference) };
  }),
});
