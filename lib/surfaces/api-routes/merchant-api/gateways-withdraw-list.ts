// Withdrawal gateways (the merchant's with a key, the platform's without)
import { listGatewaysInService } from "@/lib/integrations/gateways/gateways-in-service";
import { toWithdrawalGatewayJson } from "@/lib/integrations/gateways/list-gateways";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { z } from "zod";
import { withdrawalGatewaySchema } from "@/lib/core/schemas/gateway";
import { jsonResponse } from "@/lib/surfaces/openapi/responses";
import { apiOperation } from "../operation";

export const listWithdrawalGateways = apiOperation({
  method: "GET",
  path: "/public/gateways/withdraw/list",
  sandbox: true,
  lane: true,
  order: 910,
  openapi: {
    operationId: "listWithdrawalGateways",
    summary: "Withdrawal gateways (no provider field)",
    security: [{}, { bearer: [] }],
    responses: { "200": jsonResponse("A bare JSON array", z.array(withdrawalGatewaySchema)) },
  },
  handler: apiRoute({ auth: "optional" }, async ({ db, principal, environment }) => ({
    body: (await listGatewaysInService(db, "withdrawal", principal?.merchantId ?? null, environment)).map(toWithdrawalGatewayJson),
  })),
});
