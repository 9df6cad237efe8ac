import { assertGatewayServes, feeSchedule } from "@/lib/integrations/gateways/gateway-rules";
import type { DbClient } from "@/lib/core/db/client";
import { findMerchantGateway } from "@/lib/integrations/gateways/list-gateways";
import { DomainError } from "@/lib/core/errors/domain-error";

/** The merchant's withdrawal gateway for a transfer, checked against currency and country. */
export async function resolveWithdrawalGateway(
  client: DbClient,
  options: { merchantId: string; gatewayName: string; currency: string; country: string },
) {
  const { merchantId, gatewayName, currency, country } = options;
  const gateway = await findMerchantGateway(client, "withdrawal", merchantId, gatewayName);
  if (!gateway) {
    throw new DomainError("invalid", {
      reason: "gateway",
      field: "gatewayName",
      rule: "not_enabled",
      details: `gatewayName '${gatewayName}' is not a withdrawal gateway enabled for this account; see GET /public/gateways/withdraw/list`,
    });
  }
  assertGatewayServes(gateway, currency, country);
  return { gateway, fees: feeSchedule(gateway) };
}
