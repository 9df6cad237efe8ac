import { z } from "zod";

export const depositGatewaySchema = z
  .object({
    name: z.string().meta({ example: "MTN_MOMO_CI" }),
    provider: z.string().meta({ example: "MTN Mobile Money" }),
    allowedCountries: z.array(z.string()),
    allowedCurrencies: z.array(z.string()),
    type: z.enum(["DIRECT", "REDIRECT", "OTP"]),
  })
  .meta({ id: "DepositGateway" });

export const withdrawalGatewaySchema = z
  .object({
    name: z.string().meta({ example: "WAVE_SN" }),
    allowedCountries: z.array(z.string()),
    allowedCurrencies: z.array(z.string()),
    type: z.enum(["DIRECT", "MANUAL", "SCHEDULED"]),
  })
  .meta({ id: "WithdrawalGateway" });
