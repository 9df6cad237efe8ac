// The live gateways' availability, from our own calls to their operators (issue 48)
import { AVAILABILITY_WINDOW_MS } from "@/lib/features/monitoring/operator-availability";
import { readGatewayAvailability } from "@/lib/features/monitoring/gateway-availability";
import { gatewayAvailabilitySchema } from "@/lib/core/schemas/gateway";
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { jsonResponse } from "@/lib/surfaces/openapi/responses";
import { apiOperation } from "../operation";

export const getGatewayAvailability = apiOperation({
  method: "GET",
  path: "/public/gateways/availability",
  lane: true,
  order: 920,
  openapi: {
    operationId: "getGatewayAvailability",
    summary: "The live gateways' availability, from our own calls to their operators",
    description:
      "Each live gateway in service, per operation (deposit; withdrawal: transfers and refunds), over the last windowMinutes: " +
      "the share of calls its operator answered, the answered calls' p95 and a state. Figures are ours, not the operator's; " +
      "refresh every minute at most (they are cached 15 s). The sandbox calls no operator and has no such figures.",
    security: [{}],
    responses: { "200": jsonResponse("The gateways in service", gatewayAvailabilitySchema) },
  },
  handler: apiRoute({ auth: "none" }, async () => ({
    body: {
      windowMinutes: AVAILABILITY_WINDOW_MS / 60_000,
      gateways: (await readGatewayAvailability()).map(({ gateway, operations }) => ({ name: gateway, deposit: operations.deposit, withdrawal: operations.payout })),
    },
    headers: { "cache-control": "public, max-age=15" },
  })),
});
