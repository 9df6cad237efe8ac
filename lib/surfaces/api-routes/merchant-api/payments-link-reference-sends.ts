// The times a link was sent, with their delivery state (an extension)
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { listLinkSends } from "@/lib/features/link-sends/list-link-sends";
import { toLinkSendJson } from "@/lib/features/link-sends/transform-link-send";
import { linkSendListSchema } from "@/lib/core/schemas/link-send";
import { jsonResponse } from "@/lib/surfaces/openapi/responses";
import { readByReference } from "@/lib/surfaces/openapi/shared";
import { apiOperation } from "../operation";

export const listPaymentLinkSends = apiOperation({
  method: "GET",
  path: "/api/v4/payments/link/[reference]/sends",
  sandbox: true,
  lane: true,
  order: 130,
  openapi: readByReference(
    "listPaymentLinkSends",
    "The times a link was sent, newest first, with their delivery state (an extension; `links:read` scope). `purpose` tells " +
      "the payment link's sends (`link`) from its receipt's (`receipt`): once a link is paid, its customer's receipt page is " +
      "/pay/{reference}/receipt (/test/pay/... in the sandbox), and when receipts are on in the dashboard settings the service " +
      "sends that page's address, at most once per channel, by SMS to the phone that paid and by e-mail to the link's " +
      "customerEmail, through the same providers, limits and test-mode rules as POST .../send.",
    jsonResponse("The link's sends", linkSendListSchema),
  ),
  handler: apiRoute({ auth: { scope: "links:read" } }, async ({ db, params, principal, environment }) => {
    const { link, sends } = await listLinkSends(db, { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: { data: sends.map((send) => toLinkSendJson(send, link.reference)) } };
  }),
});
