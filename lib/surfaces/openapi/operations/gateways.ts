import { z } from "zod";
import { depositGatewaySchema, withdrawalGatewaySchema } from "@/lib/core/schemas/gateway";
import { jsonResponse } from "../responses";
import type { Resource } from "./shared";

/** The gateways, public (with a key, the merchant's). */
export const gateways: Resource = {
  paths: {
    "/public/gateways/deposit/list": {
      get: {
        operationId: "listDepositGateways",
        summary: "Deposit gateways (the merchant's with a key, the platform's without)",
        security: [{}, { bearer: [] }],
        responses: { "200": jsonResponse("A bare JSON array", z.array(depositGatewaySchema)) },
      },
    },
    "/public/gateways/withdraw/list": {
      get: {
        operationId: "listWithdrawalGateways",
        summary: "Withdrawal gateways (no provider field)",
        security: [{}, { bearer: [] }],
        responses: { "200": jsonResponse("A bare JSON array", z.array(withdrawalGatewaySchema)) },
      },
    },
  },
};
