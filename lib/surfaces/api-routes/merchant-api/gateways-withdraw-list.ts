// GET /public/gateways/withdraw/list - withdrawal gateways (the merchant's with a key, the platform's without)
import { listGateways, toWithdrawalGatewayJson } from "@/lib/integrations/gateways/list-gateways";
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: "optional" }, async ({ db, principal }) => ({
    body: (await listGateways(db, "withdrawal", principal?.merchantId ?? null)).map(toWithdrawalGatewayJson),
  })),
});
