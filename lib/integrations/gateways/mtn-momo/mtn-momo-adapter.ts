import "server-only";
import { randomUUID } from "node:crypto";
import type { DepositForGateway, GatewayAdapter, GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import { OperatorUnknownOutcomeError } from "@/lib/integrations/gateways/operators/operator-errors";
import { OPERATOR_READ_EVERY_MS } from "@/lib/core/domain/operator-polling";
import { errorFields, log } from "@/lib/core/logging/log";
import { mtnMomoCallbackUrl } from "./mtn-momo-callback";
import { isMtnNotFound, type MtnMomoClient, type MtnMomoPaymentInput } from "./mtn-momo-client";
import { mtnMomoOutcome } from "./mtn-momo-status";

// MTN MoMo Collection behind the GatewayAdapter seam (DIRECT: a prompt on the customer's phone).
// The deposit is written with its X-Reference-Id before requestToPay, so whatever happens to the
// call, the payment can be read back by that id; the status read, never the callback, decides.

/**
 * How long after the request MTN's 404 on a status read may still be MTN not showing a request it
 * took: "The transaction is then queued for processing", and a 500 may come after the queuing.
 * MTN documents no delay between taking a request and showing it; its only time figure is the
 * ~5 minutes a customer has to approve (COULD_NOT_PERFORM_TRANSACTION). Twice that: a request MTN
 * shows later than this could not be approved anyway. Past it, a 404 may mean MTN never received it.
 */
export const MTN_NOT_FOUND_GRACE_MS = 10 * 60_000;

/**
 * A deposit fails on MTN's 404 only when a read at least this long after the first one past the
 * grace (one step of the back-off) still finds nothing: the grace is our choice, not MTN's word,
 * and one read proves little. Even then it stays followed, so a success MTN shows late is credited.
 */
export const MTN_NOT_FOUND_CONFIRM_MS = OPERATOR_READ_EVERY_MS;

/**
 * After an ambiguous 5xx on requesttopay, the same request (same X-Reference-Id) is sent again
 * after these waits: 202 means MTN took it now, 409 that it had it.
 */
export const MTN_RESEND_DELAYS_MS = [250, 750];

/** What the customer is charged: the amount plus our fees (DESIGN.md). */
const charged = (deposit: DepositForGateway) => deposit.amountMinor + deposit.feesMinor;

/** A 5xx without one of MTN's refusal codes: MTN may have queued the request or not. */
const isAmbiguous = (error: unknown): error is OperatorUnknownOutcomeError =>
  error instanceof OperatorUnknownOutcomeError && error.reason === "server_error";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * requesttopay, sent again under the same X-Reference-Id while MTN's answer is an ambiguous 5xx.
 * Throws MTN's refusal of the first send (nothing kept), or an unknown outcome when MTN still has
 * not said (the deposit is kept pending and its status read decides). A resend is only started
 * while the whole (token call included) can end within three calls' time (OPERATOR_TIMEOUT_MS
 * each), so the merchant's request is answered in time (the call runs outside any transaction).
 */
async function requestToPay(client: MtnMomoClient, input: MtnMomoPaymentInput): Promise<void> {
  const started = Date.now();
  let ambiguous: OperatorUnknownOutcomeError;
  try {
    await client.requestToPay(input);
    return;
  } catch (error) {
    if (!isAmbiguous(error)) throw error;
    ambiguous = error;
  }
  for (const delay of MTN_RESEND_DELAYS_MS) {
    if (Date.now() - started + delay + client.timeoutMs > 3 * client.timeoutMs) break;
    await sleep(delay);
    try {
      await client.requestToPay(input);
      return;
    } catch (error) {
      if (isAmbiguous(error)) {
        ambiguous = error;
        continue;
      }
      // A timeout, a refusal, a circuit open: nothing about the first send, which may be queued.
      log("warn", "mtn-momo resend after a 5xx did not settle it", { reference: input.externalId, ...errorFields(error) });
      break;
    }
  }
  throw ambiguous;
}

/** MTN's 404 on a deposit's status read: not shown yet, then noted past the grace, then failed but still followed. */
function notShown(deposit: DepositForGateway, now: Date): GatewayOutcome {
  const since = (at: Date) => now.getTime() - at.getTime();
  if (since(deposit.createdAt) < MTN_NOT_FOUND_GRACE_MS) return { status: "pending", said: "HTTP 404 RESOURCE_NOT_FOUND (not shown yet)" };
  const first = deposit.operatorNotFoundAt;
  if (!first || since(first) < MTN_NOT_FOUND_CONFIRM_MS) return { status: "pending", said: "HTTP 404 RESOURCE_NOT_FOUND (past the grace)", noRecord: true };
  log("warn", "mtn-momo has no payment for a live deposit", { reference: deposit.reference, since: first.toISOString() });
  return { status: "failed", reason: "operator_not_received", said: "HTTP 404 RESOURCE_NOT_FOUND", noRecord: true };
}

export function createMtnMomoAdapter(client: MtnMomoClient): GatewayAdapter {
  const requestId = (deposit: DepositForGateway) => {
    if (!deposit.operatorRequestId) throw new Error(`live deposit ${deposit.reference} has no X-Reference-Id`);
    return deposit.operatorRequestId;
  };

  return {
    newRequestId: () => randomUUID(),

    async initiate(deposit, { origin }) {
      await requestToPay(client, {
        referenceId: requestId(deposit),
        externalId: deposit.reference,
        amountMinor: charged(deposit),
        currency: deposit.currency,
        phone: deposit.customerPhone,
        callbackUrl: mtnMomoCallbackUrl(origin, deposit.reference),
      });
      return {};
    },

    async status(deposit, now): Promise<GatewayOutcome> {
      try {
        return mtnMomoOutcome(await client.requestToPayStatus(requestId(deposit), deposit.currency));
      } catch (error) {
        if (!isMtnNotFound(error)) throw error;
        return notShown(deposit, now);
      }
    },

    // MTN gateways are DIRECT: the deposit endpoints refuse the OTP flow for them (40020).
    sendOtp: () => Promise.reject(new Error("MTN MoMo has no OTP flow")),
    verifyOtp: () => Promise.reject(new Error("MTN MoMo has no OTP flow")),
  };
}
