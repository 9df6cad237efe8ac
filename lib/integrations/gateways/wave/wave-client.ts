import "server-only";
import { operatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import { minorToDecimalString } from "@/lib/integrations/gateways/operators/operator-amounts";
import type { OperatorClientDeps } from "@/lib/integrations/gateways/operators/operator-client-deps";
import { OperatorNotSentError, OperatorUnknownOutcomeError } from "@/lib/integrations/gateways/operators/operator-errors";
import { failUnless, parseJson, sendOperatorRequest, stringField } from "@/lib/integrations/gateways/operators/operator-http";
import { e164 } from "@/lib/integrations/gateways/operators/operator-phone";
import type { WaveConfig } from "./wave-config";
import { waveSession, wavePayout, type WaveCheckoutSession, type WavePayout } from "./wave-status";

// The Wave Checkout and Payout APIs (docs/operators.md). A payout carries an Idempotency-Key (our
// reference, kept): Wave documents that requests with the same key never send money twice, so
// after an unknown outcome the same payout can be sent again. Checkout sessions have no documented
// idempotency: the key is sent but not relied on; a session whose creation answer was lost is
// found by our reference (client_reference) instead, as a payout is. This client never retries
// on its own: the caller decides.

const OPERATOR = "wave";

export type WaveCheckoutInput = {
  /**
   * Sent as Idempotency-Key, which Wave does not document for checkout sessions: harmless if Wave
   * ignores it, never relied on (a lost answer is found by clientReference instead).
   */
  idempotencyKey: string;
  amountMinor: bigint;
  currency: string;
  /** Our deposit reference: Wave sends it back in the session and its events, and finds the session by it. */
  clientReference: string;
  successUrl: string;
  errorUrl: string;
  /** Only this Wave account may pay (E.164), when the customer's phone is known. */
  restrictPayerMobile?: string;
};

export type WavePayoutInput = {
  idempotencyKey: string;
  /** What the recipient receives; Wave's fee comes on top (WavePayout.feeMinor). */
  amountMinor: bigint;
  currency: string;
  /** The recipient's phone, E.164. */
  phone: string;
  clientReference: string;
  name?: string;
  paymentReason?: string;
};

export type WaveClient = {
  createCheckoutSession(input: WaveCheckoutInput): Promise<WaveCheckoutSession>;
  getCheckoutSession(sessionId: string): Promise<WaveCheckoutSession>;
  /** The sessions made with this client_reference (none: an empty list). */
  searchCheckoutSessions(clientReference: string): Promise<WaveCheckoutSession[]>;
  /** Closes an open session so it can no longer be paid (200 with an empty body; 409 when it is not open). */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /** Gives the whole payment back, fees included (200 with an empty body; `checkout-refund-failed` when it cannot). */
  refundCheckoutSession(sessionId: string): Promise<void>;
  createPayout(input: WavePayoutInput): Promise<WavePayout>;
  getPayout(payoutId: string): Promise<WavePayout>;
  /** The payouts made with this client_reference (none: an empty list). */
  searchPayouts(clientReference: string): Promise<WavePayout[]>;
};

/**
 * Wave's error code and message. The documentation shows three shapes: {"code","message"} (the
 * API reference), {"error","message"} (payout validation) and {"error_code","error_message"}
 * (payout execution errors).
 */
function waveErrorCode(body: unknown) {
  return {
    code: stringField(body, "code") ?? stringField(body, "error") ?? stringField(body, "error_code"),
    detail: stringField(body, "message") ?? stringField(body, "error_message"),
  };
}

/** A search answer: {"result": [...]}, empty when nothing matches. */
function results(body: unknown, operation: string): unknown[] {
  const result = body && typeof body === "object" ? (body as Record<string, unknown>).result : undefined;
  if (!Array.isArray(result)) throw new OperatorUnknownOutcomeError(OPERATOR, operation, "bad_response", "search answer without a result list");
  return result;
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function createWaveClient(config: WaveConfig, deps: OperatorClientDeps = {}): WaveClient {
  const timeoutMs = deps.timeoutMs ?? config.timeoutMs;
  const breaker = deps.breaker ?? operatorBreaker(OPERATOR);

  async function call(operation: string, method: "GET" | "POST", path: string, expected: number[], body?: unknown, idempotencyKey?: string) {
    const response = await sendOperatorRequest({
      operator: OPERATOR,
      operation,
      method,
      url: `${config.baseUrl}${path}`,
      headers: {
        Authorization: `Bearer ${config.apiKey}`,
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      timeoutMs,
      fetch: deps.fetch,
    });
    // Wave's retry rules (Wave-payout): 408 and 429 leave the request in an unknown state (to be
    // kept pending and retried), not refused like the other 4xx, which are final.
    if (response.status === 408 || response.status === 429) {
      throw new OperatorUnknownOutcomeError(OPERATOR, operation, response.status === 408 ? "timeout" : "server_error", `HTTP ${response.status}: Wave says retry`, {
        httpStatus: response.status,
      });
    }
    failUnless(response, expected, OPERATOR, operation, waveErrorCode);
    return parseJson(response, OPERATOR, operation);
  }

  function session(body: unknown, operation: string): WaveCheckoutSession {
    const parsed = waveSession(body);
    if (!parsed) throw new OperatorUnknownOutcomeError(OPERATOR, operation, "bad_response", "session without id or wave_launch_url");
    return parsed;
  }

  function payout(body: unknown, operation: string): WavePayout {
    const parsed = wavePayout(body);
    if (!parsed) throw new OperatorUnknownOutcomeError(OPERATOR, operation, "bad_response", "payout without id");
    return parsed;
  }

  function requireId(id: string, operation: string) {
    if (!SAFE_ID.test(id)) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "not a Wave id");
  }

  function requireReference(reference: string, operation: string) {
    if (!reference || reference.length > 255) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "client_reference must be 1..255 characters");
  }

  function requireKey(key: string, operation: string) {
    if (!key || key.length > 255) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "idempotency key must be 1..255 characters");
  }

  return {
    createCheckoutSession(input) {
      const operation = "create checkout session";
      return breaker.run(operation, async () => {
        requireKey(input.idempotencyKey, operation);
        if (input.amountMinor <= 0n) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "amount must be positive");
        const mobile = input.restrictPayerMobile === undefined ? undefined : e164(input.restrictPayerMobile);
        if (mobile === null) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "restrictPayerMobile is not E.164");
        const body = {
          amount: minorToDecimalString(input.amountMinor, input.currency),
          currency: input.currency,
          client_reference: input.clientReference,
          success_url: input.successUrl,
          error_url: input.errorUrl,
          ...(mobile ? { restrict_payer_mobile: mobile } : {}),
        };
        return session(await call(operation, "POST", "/v1/checkout/sessions", [200, 201], body, input.idempotencyKey), operation);
      });
    },
    getCheckoutSession(sessionId) {
      const operation = "read checkout session";
      return breaker.run(operation, async () => {
        requireId(sessionId, operation);
        return session(await call(operation, "GET", `/v1/checkout/sessions/${sessionId}`, [200]), operation);
      });
    },
    searchCheckoutSessions(clientReference) {
      const operation = "search checkout sessions";
      return breaker.run(operation, async () => {
        requireReference(clientReference, operation);
        const body = await call(operation, "GET", `/v1/checkout/sessions/search?${new URLSearchParams({ client_reference: clientReference })}`, [200]);
        return results(body, operation).map((found) => session(found, operation));
      });
    },
    expireCheckoutSession(sessionId) {
      const operation = "expire checkout session";
      return breaker.run(operation, async () => {
        requireId(sessionId, operation);
        await call(operation, "POST", `/v1/checkout/sessions/${sessionId}/expire`, [200, 204]);
      });
    },
    refundCheckoutSession(sessionId) {
      const operation = "refund checkout session";
      return breaker.run(operation, async () => {
        requireId(sessionId, operation);
        await call(operation, "POST", `/v1/checkout/sessions/${sessionId}/refund`, [200, 204]);
      });
    },
    createPayout(input) {
      const operation = "create payout";
      return breaker.run(operation, async () => {
        requireKey(input.idempotencyKey, operation);
        if (input.amountMinor <= 0n) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "amount must be positive");
        const mobile = e164(input.phone);
        if (!mobile) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "phone is not E.164");
        const body = {
          currency: input.currency,
          receive_amount: minorToDecimalString(input.amountMinor, input.currency),
          mobile,
          client_reference: input.clientReference,
          ...(input.name ? { name: input.name } : {}),
          ...(input.paymentReason ? { payment_reason: input.paymentReason } : {}),
        };
        return payout(await call(operation, "POST", "/v1/payout", [200, 201], body, input.idempotencyKey), operation);
      });
    },
    getPayout(payoutId) {
      const operation = "read payout";
      return breaker.run(operation, async () => {
        requireId(payoutId, operation);
        return payout(await call(operation, "GET", `/v1/payout/${payoutId}`, [200]), operation);
      });
    },
    searchPayouts(clientReference) {
      const operation = "search payouts";
      return breaker.run(operation, async () => {
        requireReference(clientReference, operation);
        const body = await call(operation, "GET", `/v1/payouts/search?${new URLSearchParams({ client_reference: clientReference })}`, [200]);
        return results(body, operation).map((found) => payout(found, operation));
      });
    },
  };
}
