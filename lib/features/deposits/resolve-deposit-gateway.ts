import { assertGatewayServes, feeSchedule } from "@/lib/integrations/gateways/gateway-rules";
import type { DbClient } from "@/lib/core/db/client";
import { findMerchantGateway } from "@/lib/integrations/gateways/list-gateways";
import { DomainError } from "@/lib/core/errors/domain-error";

export type DepositEndpoint = "classic" | "otp";

const ENDPOINT_FOR_TYPE: Record<string, string> = {
  DIRECT: "POST /api/v4/classic/deposit/initiate",
  REDIRECT: "POST /api/v4/classic/deposit/initiate",
  OTP: "POST /api/v4/validation/deposit/generate-invoice",
};

/**
 * The merchant's deposit gateway for a request, checked against the endpoint's integration
 * type, the currency and the country, each refusal with its spec code and the gateway named.
 */
export async function resolveDepositGateway(
  client: DbClient,
  options: { merchantId: string; gatewayName: string; currency: string; country: string; endpoint: DepositEndpoint },
) {
  const { merchantId, gatewayName, currency, country, endpoint } = options;
  const gateway = await findMerchantGateway(client, "deposit", merchantId, gatewayName);
  if (!gateway) {
    throw new DomainError("invalid", {
      reason: "gateway",
      field: "gatewayName",
      rule: "not_enabled",
      details: `gatewayName '${gatewayName}' is not a deposit gateway enabled for this account; see GET /public/gateways/deposit/list`,
    });
  }
  const wantsOtp = endpoint === "otp";
  if ((gateway.type === "OTP") !== wantsOtp) {
    throw new DomainError("refused", {
      details: `${gateway.name} is a ${gateway.type} gateway: use ${ENDPOINT_FOR_TYPE[gateway.type]}`,
    });
  }
  assertGatewayServes(gateway, currency, country);
  return { gateway, fees: feeSchedule(gateway) };
}
