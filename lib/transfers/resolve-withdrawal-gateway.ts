import type { DbClient } from "@/lib/db/client";
import type { FeeSchedule } from "@/lib/domain/fees";
import { ApiError } from "@/lib/http/api-error";

/** The merchant's withdrawal gateway for a transfer, checked against currency and country. */
export async function resolveWithdrawalGateway(
  client: DbClient,
  options: { merchantId: string; gatewayName: string; currency: string; country: string },
) {
  const { merchantId, gatewayName, currency, country } = options;
  const gateway = await client.gateway.findFirst({
    where: { kind: "withdrawal", name: gatewayName, enabled: true, merchants: { some: { merchantId } } },
  });
  if (!gateway) {
    throw new ApiError(40012, "Invalid gateway", {
      details: `gatewayName '${gatewayName}' is not a withdrawal gateway enabled for this account; see GET /public/gateways/withdraw/list`,
    });
  }
  if (!gateway.allowedCurrencies.includes(currency)) {
    throw new ApiError(40015, "Invalid currency", {
      details: `currency ${currency} is not supported by gateway ${gateway.name} (supported: ${gateway.allowedCurrencies.join(", ")})`,
    });
  }
  if (!gateway.allowedCountries.includes(country)) {
    throw new ApiError(40011, "Invalid country", {
      details: `country ${country} is not served by gateway ${gateway.name} (served: ${gateway.allowedCountries.join(", ")})`,
    });
  }
  const fees: FeeSchedule = { percent: gateway.feePercent.toString(), fixedMinor: gateway.feeFixed as Record<string, number> };
  return { gateway, fees };
}
