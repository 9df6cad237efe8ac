// Deposit gateways (the merchant's with a key, the platform's without)
import { listGatewaysInService } from "@/lib/integrations/gateways/gateways-in-service";
import { toDepositGatewayJson } from "@/lib/integrations/gateways/list-gateways";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { z } from "zod";
import { depositGatewaySchema } from "@/lib/core/schemas/gateway";
import { jsonResponse } from "@/lib/surfaces/openapi/responses";
import { apiOperation } from "../operation";

export const listDepositGateways = apiOperation({
  method: "GET",
  path: "/public/gateways/deposit/list",
  sandbox: true,
  lane: true,
  order: 900,
  openapi: {
    operationId: "listDepositGateways",
    summary: "Deposit gateways (the merchant's with a key, the platform's without)",
    security: [{}, { bearer: [] }],
    responses: { "200": jsonResponse("A bare JSON array", z.array(depositGatewaySchema)) },
  },
  handler: apiRoute({ auth: "optional" }, async ({ db, principal, environment }) => ({
    body: (await listGatewaysInService(db, "deposit", principal?.merchantId ?? null, environment)).map(toDepositGatewayJson),
  })),
});
