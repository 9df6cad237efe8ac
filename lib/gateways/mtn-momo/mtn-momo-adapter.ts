import "server-only";
import { randomUUID } from "node:crypto";
import type { DepositForGateway, GatewayAdapter } from "@/lib/gateways/adapter";
import { OperatorRejectedError, OperatorUnknownOutcomeError } from "@/lib/gateways/operators/operator-errors";
import { gatewayOutcome } from "@/lib/gateways/operators/gateway-outcome";
import { log } from "@/lib/logging/log";
import { mtnMomoCallbackUrl } from "./mtn-momo-callback";
import type { MtnMomoClient } from "./mtn-momo-client";

// MTN MoMo Collection behind the GatewayAdapter seam (DIRECT: a prompt on the customer's phone).
// The deposit is written with its X-Reference-Id before requestToPay, so whatever happens to the
// call, the payment can be read back by that id; the status read, never the callback, decides.

/**
 * How long after the request a "no such payment" (404) may still be MTN not having recorded it
 * yet (a request whose answer we lost may still be in flight). After it, MTN never received it.
 */
export const MTN_NOT_FOUND_GRACE_MS = 60_000;

/** What the customer is charged: the amount plus our fees (DESIGN.md). */
const charged = (deposit: DepositForGateway) => deposit.amountMinor + deposit.feesMinor;

const isNotFound = (error: unknown) => error instanceof OperatorRejectedError && error.httpStatus === 404;

export function createMtnMomoAdapter(client: MtnMomoClient): GatewayAdapter {
  const requestId = (deposit: DepositForGateway) => {
    if (!deposit.operatorRequestId) throw new Error(`live deposit ${deposit.reference} has no X-Reference-Id`);
    return deposit.operatorRequestId;
  };

  return {
    newRequestId: () => randomUUID(),

    async initiate(deposit, { origin }) {
      const referenceId = requestId(deposit);
      try {
        await client.requestToPay({
          referenceId,
          externalId: deposit.reference,
          amountMinor: charged(deposit),
          currency: deposit.currency,
          phone: deposit.customerPhone,
          callbackUrl: mtnMomoCallbackUrl(origin, deposit.reference),
        });
      } catch (error) {
        // A 5xx is an answer: MTN's gateway failed before or after recording the payment. One
        // read tells which; "not found" means no prompt was sent, so nothing is kept (a 502).
        // A timeout is different: the request may still be on its way, only polling can tell.
        if (error instanceof OperatorUnknownOutcomeError && error.reason === "server_error") {
          const known = await client.requestToPayStatus(referenceId).then(
            () => true,
            (readError: unknown) => (isNotFound(readError) ? false : null),
          );
          if (known === false) throw new OperatorRejectedError("mtn-momo", "requesttopay", error.httpStatus ?? 500, "NOT_RECORDED_AFTER_SERVER_ERROR");
          if (known) return {};
        }
        throw error;
      }
      return {};
    },

    async status(deposit, now) {
      try {
        return gatewayOutcome(await client.requestToPayStatus(requestId(deposit)));
      } catch (error) {
        if (!isNotFound(error)) throw error;
        // MTN has no payment with our id: its request never arrived (a timeout before sending).
        if (now.getTime() - deposit.createdAt.getTime() < MTN_NOT_FOUND_GRACE_MS) return { status: "pending" };
        log("warn", "mtn-momo has no payment for a live deposit", { reference: deposit.reference });
        return { status: "failed", reason: "operator_not_received" };
      }
    },

    // MTN gateways are DIRECT: the deposit endpoints refuse the OTP flow for them (40020).
    sendOtp: () => Promise.reject(new Error("MTN MoMo has no OTP flow")),
    verifyOtp: () => Promise.reject(new Error("MTN MoMo has no OTP flow")),
  };
}
