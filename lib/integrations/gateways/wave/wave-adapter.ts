import "server-only";
import type { DepositForGateway, GatewayAdapter, GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import { OperatorRejectedError, OperatorUnknownOutcomeError } from "@/lib/integrations/gateways/operators/operator-errors";
import { errorFields, log } from "@/lib/core/logging/log";
import type { WaveClient } from "./wave-client";
import type { WaveCheckoutSession } from "./wave-status";

// Wave Checkout behind the GatewayAdapter seam (REDIRECT: the customer pays in the Wave app from
// the session's wave_launch_url, the deposit's url). The deposit is written with our reference
// (its client_reference at Wave) before the call; the session id Wave assigns replaces it as the
// id we read the session by. Wave documents no idempotency for creating a session: when the
// creation's answer is lost, the session is looked for by our reference; none found means none
// was made, and nothing is kept (no URL to pay).
//
// A session stays open after a failed try (the customer may top up and pay): only a payment or
// the session's end is final (wave-status.ts). When our side ends the deposit, close() expires the
// session at Wave so it can no longer be paid, and answers what the session then says.

const charged = (deposit: DepositForGateway) => deposit.amountMinor + deposit.feesMinor;

/** Whether the deposit holds Wave's session id yet (before that, only our reference). */
const sessionIdOf = (deposit: DepositForGateway) =>
  deposit.operatorRequestId && deposit.operatorRequestId !== deposit.reference ? deposit.operatorRequestId : null;

/**
 * One answer for several sessions made under our reference (a creation whose answer we never
 * read): a paid one wins (the customer was charged), then an open one (still payable), else the
 * first ended one.
 */
function outcomeOf(sessions: WaveCheckoutSession[]): GatewayOutcome | null {
  const outcomes = sessions.map((session) => session.outcome);
  return outcomes.find((o) => o.status === "completed") ?? outcomes.find((o) => o.status === "pending") ?? outcomes[0] ?? null;
}

/** A 409 to expire: the session is not open any more (paid, or already expired); its read says which. */
const notOpen = (error: unknown) => error instanceof OperatorRejectedError && error.httpStatus === 409;

export function createWaveAdapter(client: WaveClient): GatewayAdapter {
  /** Expires a session, then reads it: the expire's answer (200, or 409 when no longer open) does not say whether it was paid. */
  async function closeSession(sessionId: string): Promise<WaveCheckoutSession> {
    await client.expireCheckoutSession(sessionId).catch((error: unknown) => {
      if (!notOpen(error)) throw error;
    });
    return client.getCheckoutSession(sessionId);
  }

  return {
    newRequestId: (deposit) => deposit.reference,

    async initiate(deposit, { origin, resumed }) {
      // Wave documents no idempotency for sessions: a resumed request looks for the one it made first.
      const made = resumed ? await findMadeSession(client, deposit) : null;
      if (made) return { redirectUrl: made.launchUrl, operatorRequestId: made.id };
      const back = deposit.returnUrl ?? origin;
      const session = await client
        .createCheckoutSession({
          idempotencyKey: deposit.reference,
          amountMinor: charged(deposit),
          currency: deposit.currency,
          clientReference: deposit.reference,
          successUrl: back,
          errorUrl: back,
          restrictPayerMobile: deposit.customerPhone,
        })
        .catch((error: unknown) => madeAnyway(client, deposit, error));
      return { redirectUrl: session.launchUrl, operatorRequestId: session.id };
    },

    async status(deposit) {
      const sessionId = sessionIdOf(deposit);
      if (sessionId) return (await client.getCheckoutSession(sessionId)).outcome;
      // Only our reference: what Wave made under it; nothing yet means its creation is still on its way.
      return outcomeOf(await client.searchCheckoutSessions(deposit.reference)) ?? { status: "pending", said: "no session at Wave yet" };
    },

    /**
     * Our side ended the deposit: expire its session at Wave, then answer what the session says
     * (paid before it closed: completed; closed: failed "expired"; still open: pending, asked
     * again). A session id Wave does not know (404) throws: Wave does not delete sessions, so it
     * means we are asking the wrong wallet (another API key), not that nobody paid; the deposit
     * stays followed and support sees Wave's answer.
     */
    async close(deposit) {
      const sessionId = sessionIdOf(deposit);
      if (sessionId) return (await closeSession(sessionId)).outcome;
      // Only our reference (the creation's answer never stored): close what Wave made under it, if anything.
      const made = await client.searchCheckoutSessions(deposit.reference);
      const closed = await Promise.all(made.map((session) => (session.outcome.status === "pending" ? closeSession(session.id) : session)));
      return outcomeOf(closed) ?? { status: "failed", reason: "expired", said: "no session at Wave for this reference" };
    },

    sendOtp: () => Promise.reject(new Error("Wave has no OTP flow")),
    verifyOtp: () => Promise.reject(new Error("Wave has no OTP flow")),
  };
}

/**
 * After a creation whose answer was lost (timeout, 5xx): the session Wave made for exactly this
 * deposit, found by our reference; none (or Wave not answering the search either): the original
 * error, and the caller keeps nothing, since no one has a URL to pay it.
 */
async function madeAnyway(client: WaveClient, deposit: DepositForGateway, error: unknown): Promise<WaveCheckoutSession> {
  if (!(error instanceof OperatorUnknownOutcomeError)) throw error;
  const made = await findMadeSession(client, deposit).catch((searchError: unknown) => {
    log("warn", "wave session search after an unknown creation failed", { reference: deposit.reference, ...errorFields(searchError) });
    return null;
  });
  if (!made) throw error;
  return made;
}

/** The open session Wave made for exactly this deposit, found by our reference: the newest if several (the one the customer would be sent to). */
async function findMadeSession(client: WaveClient, deposit: DepositForGateway): Promise<WaveCheckoutSession | null> {
  const found = await client.searchCheckoutSessions(deposit.reference);
  const ours = found.filter((s) => s.amountMinor === charged(deposit) && s.currency === deposit.currency && s.outcome.status === "pending");
  return ours.sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0))[0] ?? null;
}
