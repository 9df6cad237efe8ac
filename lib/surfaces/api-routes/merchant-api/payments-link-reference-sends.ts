// GET /api/v4/payments/link/{reference}/sends - the times a link was sent, with their delivery state (an extension)
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";
import { listLinkSends } from "@/lib/features/link-sends/list-link-sends";
import { toLinkSendJson } from "@/lib/features/link-sends/transform-link-send";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: { scope: "links:read" } }, async ({ db, params, principal, environment }) => {
    const { link, sends } = await listLinkSends(db, { reference: params.reference, merchantId: principal.merchantId, environment });
    return { body: { data: sends.map((send) => toLinkSendJson(send, link.reference)) } };
  }),
});
