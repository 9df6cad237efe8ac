import type { GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import type { Operation } from "@/lib/integrations/gateways/operators/operator-plugin";

// What pawaPay charges us for a deposit, a payout or a refund. pawaPay's answers carry no fee: its
// deposit, payout and refund objects (status reads and callbacks, docs/operators-pawapay.md,
// "Fees") have amount and currency only, and its charges show in its wallet statements. Its price
// is the one in our contract with it, per operation and sometimes per market: PAWAPAY_FEES says it,
// and every completed pawaPay transaction books it as a platform cost (out of our fee, never the
// merchant's money), as Wave's payout fee is.
//
//   PAWAPAY_FEES="deposit=1.5%, payout=1%, refund=1%, payout@FREE_MONEY_SN=2%"
//
// A rate is a percentage with at most 4 decimals, of the amount pawaPay moved (a deposit: what the
// customer paid, fees included), rounded half up to the currency's minor unit. An operation left
// out costs nothing; `operation@GATEWAY` overrides the operation's rate for one gateway.

/**
 * Rates in parts per million (1% = 10,000: whole numbers, exact), by operation, then by gateway
 * ("*": every gateway). Plain data, as every configuration is (live-adapters.ts keys on its JSON).
 */
export type PawapayFees = Partial<Record<Operation, Record<string, number>>>;

const PER_MILLION = 1_000_000n;
const ENTRY = /^(deposit|payout|refund)(?:@([a-z0-9_]+))?=(\d{1,3})(?:\.(\d{1,4}))?%$/i;

/** The setting read; null when it does not parse (the plug-in is then refused at start-up, never half-priced). */
export function parsePawapayFees(value: string | undefined): PawapayFees | null {
  const fees: PawapayFees = {};
  if (!value?.trim()) return fees;
  for (const raw of value.split(",")) {
    const match = ENTRY.exec(raw.replace(/\s+/g, ""));
    if (!match) return null;
    const [, op, gateway, whole, decimals = ""] = match;
    const operation = op.toLowerCase() as Operation;
    const ppm = Number(whole) * 10_000 + Number(decimals.padEnd(4, "0"));
    if (ppm > 1_000_000) return null;
    const rates = (fees[operation] ??= {});
    const key = gateway?.toUpperCase() ?? "*";
    if (key in rates) return null;
    rates[key] = ppm;
  }
  return fees;
}

/** pawaPay's fee for moving `amountMinor` of this gateway's money, in the same minor units. */
export function pawapayFeeMinor(fees: PawapayFees, operation: Operation, gatewayName: string, amountMinor: bigint): bigint {
  const rates = fees[operation];
  const ppm = BigInt(rates?.[gatewayName] ?? rates?.["*"] ?? 0);
  return (amountMinor * ppm + PER_MILLION / 2n) / PER_MILLION;
}

/** A completed outcome with pawaPay's fee for it (of the amount pawaPay reports); others as they are. */
export function withPawapayFee(outcome: GatewayOutcome, fees: PawapayFees, operation: Operation, gatewayName: string): GatewayOutcome {
  if (outcome.status !== "completed" || outcome.amountMinor === undefined) return outcome;
  const fee = pawapayFeeMinor(fees, operation, gatewayName, outcome.amountMinor);
  return fee > 0n ? { ...outcome, operatorFeeMinor: fee } : outcome;
}
