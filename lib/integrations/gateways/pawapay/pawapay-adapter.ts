import "server-only";
import { randomUUID } from "node:crypto";
import type { DepositForGateway, GatewayAdapter, GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import { OperatorNotSentError, OperatorUnknownOutcomeError } from "@/lib/integrations/gateways/operators/operator-errors";
import { OPERATOR_READ_EVERY_MS } from "@/lib/core/domain/operator-polling";
import { errorFields, log } from "@/lib/core/logging/log";
import type { PawapayClient, PawapayInitiated } from "./pawapay-client";
import { withPawapayFee, type PawapayFees } from "./pawapay-fees";
import { pawapayProviderOf } from "./pawapay-providers";

// pawaPay deposits behind the GatewayAdapter seam (DIRECT: the provider pushes a PIN prompt to
// the customer's phone). The depositId (a UUID v4) is stored on the deposit before the call and
// every resend carries it: pawaPay answers DUPLICATE_IGNORED for an id it has, and nothing is
// made twice. The status read (GET /v2/deposits/{id}) decides; a callback only prompts one.
// No customerMessage is sent: 22 characters would cut our reference, and pawaPay shows the
// merchant's name without one (its builders' kit).

/**
 * How long pawaPay's NOT_FOUND may still be pawaPay not showing a deposit it took. pawaPay
 * documents no delay; its builders' guide marks a deposit failed on NOT_FOUND only once it was
 * initiated at least 15 minutes before. Past it, NOT_FOUND may mean pawaPay never received it.
 */
export const PAWAPAY_NOT_FOUND_GRACE_MS = 15 * 60_000;

/** A deposit fails on NOT_FOUND only when a read one back-off step after the first past the grace still finds nothing; it stays followed. */
export const PAWAPAY_NOT_FOUND_CONFIRM_MS = OPERATOR_READ_EVERY_MS;

/** After an ambiguous 5xx (pawaPay's UNKNOWN_ERROR: "do not assume failure"), the same initiation again after these waits. */
export const PAWAPAY_RESEND_DELAYS_MS = [250];

const charged = (deposit: DepositForGateway) => deposit.amountMinor + deposit.feesMinor;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isAmbiguous = (error: unknown): error is OperatorUnknownOutcomeError =>
  error instanceof OperatorUnknownOutcomeError && error.reason === "server_error";

/**
 * Sends an initiation, and once more under the same id while pawaPay's answer is an ambiguous
 * 5xx: ACCEPTED or DUPLICATE_IGNORED then settles that pawaPay has it. Throws pawaPay's refusal,
 * or the unknown outcome when it still has not said (kept pending; the status read decides). A
 * resend starts only while the whole can end within twice one call's time.
 */
export async function initiateWithResend(send: () => Promise<PawapayInitiated>, timeoutMs: number, reference: string): Promise<PawapayInitiated> {
  const started = Date.now();
  let ambiguous: OperatorUnknownOutcomeError;
  try {
    return await send();
  } catch (error) {
    if (!isAmbiguous(error)) throw error;
    ambiguous = error;
  }
  for (const delay of PAWAPAY_RESEND_DELAYS_MS) {
    if (Date.now() - started + delay + timeoutMs > 2 * timeoutMs) break;
    await sleep(delay);
    try {
      return await send();
    } catch (error) {
      if (isAmbiguous(error)) {
        ambiguous = error;
        continue;
      }
      // A timeout, a refusal or an open circuit says nothing about the first send, which pawaPay may hold.
      log("warn", "pawapay resend after a 5xx did not settle it", { reference, ...errorFields(error) });
      break;
    }
  }
  throw ambiguous;
}

/** NOT_FOUND on a deposit's status read: not shown yet, then noted past the grace, then failed but still followed. */
function notShown(deposit: DepositForGateway, now: Date): GatewayOutcome {
  const since = (at: Date) => now.getTime() - at.getTime();
  if (since(deposit.createdAt) < PAWAPAY_NOT_FOUND_GRACE_MS) return { status: "pending", said: "NOT_FOUND (not shown yet)" };
  const first = deposit.operatorNotFoundAt;
  if (!first || since(first) < PAWAPAY_NOT_FOUND_CONFIRM_MS) return { status: "pending", said: "NOT_FOUND (past the grace)", noRecord: true };
  log("warn", "pawapay has no deposit for a live payment", { reference: deposit.reference, since: first.toISOString() });
  return { status: "failed", reason: "operator_not_received", said: "NOT_FOUND", noRecord: true };
}

export function createPawapayAdapter(client: PawapayClient, fees: PawapayFees = {}): GatewayAdapter {
  const depositId = (deposit: DepositForGateway) => {
    if (!deposit.operatorRequestId) throw new Error(`live deposit ${deposit.reference} has no pawaPay depositId`);
    return deposit.operatorRequestId;
  };

  return {
    newRequestId: () => randomUUID(),

    async initiate(deposit, { resumed }) {
      const provider = pawapayProviderOf(deposit.gatewayName);
      if (!provider) throw new OperatorNotSentError("pawapay", "initiate deposit", "invalid_request", `${deposit.gatewayName} has no pawaPay provider`);
      // A resumed request may have reached pawaPay: what pawaPay holds is asked first, so that a
      // refusal of the second send (its provider CLOSED since) is never taken for the first's.
      if (resumed && (await client.getDeposit(depositId(deposit))).found) return {};
      await initiateWithResend(
        () =>
          client.initiateDeposit({
            id: depositId(deposit),
            amountMinor: charged(deposit),
            currency: deposit.currency,
            phone: deposit.customerPhone,
            provider: provider.provider,
            clientReferenceId: deposit.reference,
          }),
        client.timeoutMs,
        deposit.reference,
      );
      return {};
    },

    async status(deposit, now) {
      const read = await client.getDeposit(depositId(deposit));
      return read.found ? withPawapayFee(read.outcome, fees, "deposit", deposit.gatewayName) : notShown(deposit, now);
    },

    // pawaPay's PROVIDER_AUTH gateways are DIRECT: the deposit endpoints refuse the OTP flow for them.
    sendOtp: () => Promise.reject(new Error("pawaPay deposits have no OTP flow here")),
    verifyOtp: () => Promise.reject(new Error("pawaPay deposits have no OTP flow here")),
  };
}
