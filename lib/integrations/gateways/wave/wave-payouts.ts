import "server-only";
import type { GatewayOutcome, MoneyOutForGateway, PayoutAdapter } from "@/lib/integrations/gateways/adapter";
import { log } from "@/lib/core/logging/log";
import type { WaveClient } from "./wave-client";
import type { WavePayout } from "./wave-status";

// Wave payouts behind the payout seam (used for transfers, and for partial refunds: wave-refunds.ts).
// Our reference is both the Idempotency-Key and the client_reference: Wave documents that requests
// with the same key never send money twice, and that a payout can be looked up by
// client_reference. Wave executes a payout synchronously: its answer is usually the outcome.
// After an unknown outcome (a timeout, a 5xx: Wave may have made the payout without giving us its
// id) the engine (lib/features/money-out/advance-money-out.ts) asks status() first; while we hold only our
// reference, status() searches Wave by it, and answers "not_found" only when Wave has none. Only
// then, past the grace, is the payout sent again, with the same key. How long Wave keeps a key
// is not documented, so the search, not the key, is what keeps a payout from being made twice.

/** How long after a send Wave may still not show a payout it received (a request queued after a 5xx). */
export const WAVE_NOT_FOUND_GRACE_MS = 60_000;

/**
 * Sends the payout for `item` (a transfer or a refund) under its reference; Wave's answer is the
 * outcome when final. A 409 (Wave knows the key: from a request it may still be executing, what a
 * concurrent one gets is undocumented, or with other content, idempotency-mismatch) is never a
 * refusal of the payout: the money-out engine reads its status instead (mayAlreadyExist).
 */
export async function sendWavePayout(client: WaveClient, item: MoneyOutForGateway) {
  const payout = await client.createPayout({
    idempotencyKey: item.reference,
    amountMinor: item.amountMinor,
    currency: item.currency,
    phone: item.phone,
    clientReference: item.reference,
  });
  return { operatorRequestId: payout.id, outcome: payout.outcome };
}

/** Wave's answer for the payout of `item`: by Wave's payout id once known, else searched by our reference. */
export async function readWavePayout(client: WaveClient, item: MoneyOutForGateway): Promise<GatewayOutcome | "not_found"> {
  // A payout id Wave gave us that it does not know (404) throws: it means another wallet's key,
  // never "not made", which would send it again.
  if (item.operatorRequestId && item.operatorRequestId !== item.reference) return (await client.getPayout(item.operatorRequestId)).outcome;
  const found = await client.searchPayouts(item.reference);
  return found.length === 0 ? "not_found" : outcomeOf(item.reference, found);
}

/**
 * One answer for the payouts Wave holds under our reference. There should be one (one key, one
 * payout); several mean another request used our reference, or Wave forgot the key. What reached
 * the beneficiary wins: a succeeded payout (with a word for support when there are two), then one
 * still processing (it may yet succeed), else the failure.
 */
function outcomeOf(reference: string, payouts: WavePayout[]): GatewayOutcome {
  const succeeded = payouts.filter((p) => p.outcome.status === "completed");
  if (succeeded.length > 1) {
    log("error", "wave holds several succeeded payouts for one reference: paid more than once, support must recover it", { reference, payouts: succeeded.map((p) => p.id) });
    return { ...succeeded[0].outcome, said: `succeeded (${succeeded.length} payouts at Wave for this reference: ${succeeded.map((p) => p.id).join(", ")})` };
  }
  return (succeeded[0] ?? payouts.find((p) => p.outcome.status === "pending") ?? payouts[0]).outcome;
}

export function createWavePayouts(client: WaveClient): PayoutAdapter {
  return {
    method: () => "payout",
    newRequestId: (transfer) => transfer.reference,
    notFoundGraceMs: WAVE_NOT_FOUND_GRACE_MS,
    send: (transfer) => sendWavePayout(client, transfer),
    status: (transfer) => readWavePayout(client, transfer),
  };
}
