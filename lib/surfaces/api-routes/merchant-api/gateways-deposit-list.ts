// GET /public/gateways/deposit/list - deposit gateways (the merchant's with a key, the platform's without)
import { listGateways, toDepositGatewayJson } from "@/lib/integrations/gateways/list-gateways";
import { apiRoute, routeMethods } from "@/lib/surfaces/http/api-route";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: apiRoute({ auth: "optional" }, async ({ db, principal }) => ({
    body: (await listGateways(db, "deposit", principal?.merchantId ?? null)).map(toDepositGatewayJson),
  })),
});
