import type { Gateway } from "@prisma/client";
import type { FeeSchedule } from "@/lib/core/domain/fees";
import { invalid } from "@/lib/core/errors/domain-error";

/** A gateway row's fee schedule, in the shape lib/core/domain/fees.ts computes with. */
export function feeSchedule(gateway: Pick<Gateway, "feePercent" | "feeFixed">): FeeSchedule {
  return { percent: gateway.feePercent.toString(), fixedMinor: gateway.feeFixed as Record<string, number> };
}

/** Refuses a currency or country the gateway does not serve, naming the gateway (40015 / 40011). */
export function assertGatewayServes(gateway: Pick<Gateway, "name" | "allowedCurrencies" | "allowedCountries">, currency: string, country: string) {
  if (!gateway.allowedCurrencies.includes(currency)) {
    throw invalid(`currency ${currency} is not supported by gateway ${gateway.name} (supported: ${gateway.allowedCurrencies.join(", ")})`, "currency", { field: "currency", rule: "not_served_by_gateway" });
  }
  if (!gateway.allowedCountries.includes(country)) {
    throw invalid(`country ${country} is not served by gateway ${gateway.name} (served: ${gateway.allowedCountries.join(", ")})`, "country", { field: "country", rule: "not_served_by_gateway" });
  }
}
