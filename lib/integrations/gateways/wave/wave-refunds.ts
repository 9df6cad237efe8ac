import "server-only";
import type { RefundAdapter, RefundForGateway } from "@/lib/integrations/gateways/adapter";
import { OperatorNotSentError } from "@/lib/integrations/gateways/operators/operator-errors";
import type { WaveClient } from "./wave-client";
import { readWavePayout, sendWavePayout, WAVE_NOT_FOUND_GRACE_MS } from "./wave-payouts";

// Giving a Wave payment back (docs/operators.md, Wave refunds):
// - "session_refund": the whole charge of a checkout payment, by POST
//   /v1/checkout/sessions/{id}/refund (no body, no amount: Wave gives back the whole payment, fees
//   included; 200 with an empty body: done). Only for a refund of exactly what the customer paid.
// - "payout": anything else (a partial refund, or a payment without its session id) is a Wave
//   payout to the customer's phone, under the refund's reference as Idempotency-Key and
//   client_reference, exactly as a transfer's payout (wave-payouts.ts).
//
// Wave documents no way to read a session refund back: no refund field on the session, no event
// (only the Balance API lists an "api_checkout_refund" transaction). So after a session refund
// whose answer was lost, status() answers "unreadable", and past the grace the engine calls refund
// again: one source (a paraphrase of the docs) says the call is idempotent (200, no second
// refund); if Wave refuses it instead ("checkout-refund-failed", the payment no longer refundable
// because it was refunded), that refused resend never fails the refund (lib/features/money-out/
// advance-money-out.ts), nor does Wave's silence (unlike a positive "not found" it never lets the
// refund be given up as never made): it stays open, with Wave's answer, for support to check in
// Wave's portal.
// Wave cannot refund a payment twice either way: the call names the payment, not an amount.

// How a refund goes back is chosen once, when it is made (method(), stored as Refund.method), from
// the payment as it then stands. Sends and reads follow the stored choice: choosing again from the
// payment's fields, which can change between two sends (its figures when support settles a held
// payment), could send as a payout what went before as a session refund, and give it back twice.

/** Whether the refund can go back as a session refund of the whole payment (the choice at creation). */
function canRefundSession(refund: RefundForGateway): boolean {
  const { operatorRequestId: sessionId, reference, chargedMinor } = refund.payment;
  // Before Wave's answer the payment holds our reference, not a session id.
  if (!sessionId || sessionId === reference) return false;
  return refund.whole && refund.amountMinor === chargedMinor;
}

/** The checkout session of a refund made as a session refund. */
function sessionOf(refund: RefundForGateway): string {
  const { operatorRequestId: sessionId, reference } = refund.payment;
  if (!sessionId || sessionId === reference) {
    throw new OperatorNotSentError("wave", "refund", "invalid_request", `${refund.reference}: a session refund whose payment holds no Wave session id`);
  }
  return sessionId;
}

export function createWaveRefunds(client: WaveClient): RefundAdapter {
  return {
    method: (refund) => (canRefundSession(refund) ? "session_refund" : "payout"),
    newRequestId: (refund) => refund.reference,
    notFoundGraceMs: WAVE_NOT_FOUND_GRACE_MS,
    async send(refund) {
      if (refund.method !== "session_refund") return sendWavePayout(client, refund);
      await client.refundCheckoutSession(sessionOf(refund));
      // Wave answers 200 with an empty body (wave-api-client's refundSession(); Wave-skill): no
      // figures, but the call names the payment and gives all of it back, which is this refund.
      return { outcome: { status: "completed", amountMinor: refund.amountMinor, currency: refund.currency, said: "refunded (checkout session)" } };
    },
    async status(refund) {
      return refund.method === "session_refund" ? "unreadable" : readWavePayout(client, refund);
    },
  };
}
