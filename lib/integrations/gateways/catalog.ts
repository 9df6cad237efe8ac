// The platform's gateway catalog, seeded into the database on every start (prisma/seed.ts).
// Fees: percent of the amount, plus a fixed part per currency in minor units.

import type { DepositType, WithdrawalType } from "@/lib/core/domain/gateway-types";

export type DepositGatewayEntry = {
  name: string;
  provider: string;
  type: DepositType;
  allowedCountries: string[];
  allowedCurrencies: string[];
  feePercent: string;
  feeFixed?: Record<string, number>;
};

export type WithdrawalGatewayEntry = {
  name: string;
  type: WithdrawalType;
  allowedCountries: string[];
  allowedCurrencies: string[];
  feePercent: string;
  feeFixed?: Record<string, number>;
};

const UEMOA = ["CI", "SN", "BJ", "TG", "BF", "ML", "NE", "GW"];
const CEMAC = ["CM", "GA", "CG", "TD", "CF", "GQ"];

export const DEPOSIT_GATEWAYS: DepositGatewayEntry[] = [
  { name: "ORANGE_MONEY_CI", provider: "Orange Money", type: "OTP", allowedCountries: ["CI"], allowedCurrencies: ["XOF"], feePercent: "1.5" },
  { name: "MTN_MOMO_CI", provider: "MTN Mobile Money", type: "DIRECT", allowedCountries: ["CI"], allowedCurrencies: ["XOF"], feePercent: "1.5" },
  { name: "MOOV_MONEY_CI", provider: "Moov Money", type: "DIRECT", allowedCountries: ["CI"], allowedCurrencies: ["XOF"], feePercent: "1.5" },
  { name: "WAVE_CI", provider: "Wave", type: "REDIRECT", allowedCountries: ["CI"], allowedCurrencies: ["XOF"], feePercent: "1" },
  { name: "ORANGE_MONEY_SN", provider: "Orange Money", type: "OTP", allowedCountries: ["SN"], allowedCurrencies: ["XOF"], feePercent: "1.5" },
  { name: "FREE_MONEY_SN", provider: "Free Money", type: "DIRECT", allowedCountries: ["SN"], allowedCurrencies: ["XOF"], feePercent: "1.5" },
  { name: "WAVE_SN", provider: "Wave", type: "REDIRECT", allowedCountries: ["SN"], allowedCurrencies: ["XOF"], feePercent: "1" },
  { name: "MTN_MOMO_BJ", provider: "MTN Mobile Money", type: "DIRECT", allowedCountries: ["BJ"], allowedCurrencies: ["XOF"], feePercent: "1.7" },
  { name: "MOOV_MONEY_BJ", provider: "Moov Money", type: "DIRECT", allowedCountries: ["BJ"], allowedCurrencies: ["XOF"], feePercent: "1.7" },
  { name: "TMONEY_TG", provider: "T-Money", type: "DIRECT", allowedCountries: ["TG"], allowedCurrencies: ["XOF"], feePercent: "2" },
  { name: "MOOV_MONEY_TG", provider: "Moov Money (Flooz)", type: "DIRECT", allowedCountries: ["TG"], allowedCurrencies: ["XOF"], feePercent: "2" },
  { name: "ORANGE_MONEY_BF", provider: "Orange Money", type: "OTP", allowedCountries: ["BF"], allowedCurrencies: ["XOF"], feePercent: "2" },
  { name: "MOOV_MONEY_BF", provider: "Moov Money", type: "DIRECT", allowedCountries: ["BF"], allowedCurrencies: ["XOF"], feePercent: "2" },
  { name: "ORANGE_MONEY_ML", provider: "Orange Money", type: "OTP", allowedCountries: ["ML"], allowedCurrencies: ["XOF"], feePercent: "2" },
  { name: "MTN_MOMO_CM", provider: "MTN Mobile Money", type: "DIRECT", allowedCountries: ["CM"], allowedCurrencies: ["XAF"], feePercent: "2" },
  { name: "ORANGE_MONEY_CM", provider: "Orange Money", type: "DIRECT", allowedCountries: ["CM"], allowedCurrencies: ["XAF"], feePercent: "2" },
  { name: "ORANGE_MONEY_GN", provider: "Orange Money", type: "OTP", allowedCountries: ["GN"], allowedCurrencies: ["GNF"], feePercent: "2.5" },
  { name: "MTN_MOMO_GN", provider: "MTN Mobile Money", type: "DIRECT", allowedCountries: ["GN"], allowedCurrencies: ["GNF"], feePercent: "2.5" },
  {
    name: "CARD",
    provider: "Visa / Mastercard",
    type: "REDIRECT",
    allowedCountries: [...UEMOA, ...CEMAC, "GN"],
    allowedCurrencies: ["XOF", "XAF", "GNF", "EUR", "USD"],
    feePercent: "3",
    feeFixed: { EUR: 25, USD: 30 },
  },
];

export const WITHDRAWAL_GATEWAYS: WithdrawalGatewayEntry[] = [
  { name: "ORANGE_MONEY_CI", type: "DIRECT", allowedCountries: ["CI"], allowedCurrencies: ["XOF"], feePercent: "1" },
  { name: "MTN_MOMO_CI", type: "DIRECT", allowedCountries: ["CI"], allowedCurrencies: ["XOF"], feePercent: "1" },
  { name: "WAVE_CI", type: "DIRECT", allowedCountries: ["CI"], allowedCurrencies: ["XOF"], feePercent: "1" },
  { name: "WAVE_SN", type: "DIRECT", allowedCountries: ["SN"], allowedCurrencies: ["XOF"], feePercent: "1" },
  { name: "ORANGE_MONEY_SN", type: "DIRECT", allowedCountries: ["SN"], allowedCurrencies: ["XOF"], feePercent: "1" },
  // Paid out through pawaPay (its FREE_SEN provider), as no direct Free Money contract exists.
  { name: "FREE_MONEY_SN", type: "DIRECT", allowedCountries: ["SN"], allowedCurrencies: ["XOF"], feePercent: "1" },
  { name: "MTN_MOMO_BJ", type: "DIRECT", allowedCountries: ["BJ"], allowedCurrencies: ["XOF"], feePercent: "1.2" },
  { name: "MTN_MOMO_CM", type: "DIRECT", allowedCountries: ["CM"], allowedCurrencies: ["XAF"], feePercent: "1.5" },
  { name: "ORANGE_MONEY_GN", type: "MANUAL", allowedCountries: ["GN"], allowedCurrencies: ["GNF"], feePercent: "2" },
  { name: "TMONEY_TG", type: "MANUAL", allowedCountries: ["TG"], allowedCurrencies: ["XOF"], feePercent: "1.5" },
  { name: "BANK_TRANSFER_UEMOA", type: "SCHEDULED", allowedCountries: UEMOA, allowedCurrencies: ["XOF"], feePercent: "0.5", feeFixed: { XOF: 500 } },
  { name: "BANK_TRANSFER_CEMAC", type: "SCHEDULED", allowedCountries: CEMAC, allowedCurrencies: ["XAF"], feePercent: "0.5", feeFixed: { XAF: 500 } },
];
