import { z } from "zod";
import { DEPOSIT_TYPES, WITHDRAWAL_TYPES } from "@/lib/core/domain/gateway-types";

export const depositGatewaySchema = z
  .object({
    name: z.string().meta({ example: "MTN_MOMO_CI" }),
    provider: z.string().meta({ example: "MTN Mobile Money" }),
    allowedCountries: z.array(z.string()),
    allowedCurrencies: z.array(z.string()),
    type: z.enum(DEPOSIT_TYPES),
  })
  .meta({ id: "DepositGateway" });

export const withdrawalGatewaySchema = z
  .object({
    name: z.string().meta({ example: "WAVE_SN" }),
    allowedCountries: z.array(z.string()),
    allowedCurrencies: z.array(z.string()),
    type: z.enum(WITHDRAWAL_TYPES),
  })
  .meta({ id: "WithdrawalGateway" });

const operationAvailabilitySchema = z.object({
  state: z.enum(["operational", "delayed", "closed"]).meta({
    description: "closed: most calls fail or the operator is not being called (circuit open); delayed: some fail, or answers are slow; operational otherwise, or without calls in the window",
  }),
  successRate: z.number().nullable().meta({ description: "Calls the operator answered (yes or no) over all it was sent in the window; null without calls", example: 0.97 }),
  p95Ms: z.number().int().nullable().meta({ description: "95th percentile of the answered calls' duration, in milliseconds; null without any", example: 840 }),
  calls: z.number().int().meta({ description: "Calls judged in the window", example: 120 }),
});

export const gatewayAvailabilitySchema = z
  .object({
    windowMinutes: z.number().int().meta({ example: 15 }),
    gateways: z.array(
      z.object({
        name: z.string().meta({ example: "MTN_MOMO_CI" }),
        deposit: operationAvailabilitySchema,
        withdrawal: operationAvailabilitySchema.meta({ description: "Money out through the operator: transfers and refunds" }),
      }),
    ),
  })
  .meta({ id: "GatewayAvailability" });
