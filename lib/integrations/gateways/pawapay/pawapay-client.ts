import "server-only";
import type { GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import { operatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import { minorToDecimalString } from "@/lib/integrations/gateways/operators/operator-amounts";
import type { OperatorClientDeps } from "@/lib/integrations/gateways/operators/operator-client-deps";
import {
  OperatorNotSentError,
  OperatorProviderClosedError,
  OperatorRejectedError,
  OperatorUnknownOutcomeError,
} from "@/lib/integrations/gateways/operators/operator-errors";
import { failUnless, parseJson, sendOperatorRequest, stringField } from "@/lib/integrations/gateways/operators/operator-http";
import { msisdnDigits } from "@/lib/integrations/gateways/operators/operator-phone";
import type { PawapayConfig } from "./pawapay-config";
import { failureOf, pawapayOutcome } from "./pawapay-status";

// The pawaPay Merchant API v2 (docs/operators-pawapay.md): Bearer token; deposits, payouts and
// refunds initiated under an id we choose (a UUID v4 stored before the call) and read back by it.
// pawaPay documents the initiation as idempotent: the same id again is answered DUPLICATE_IGNORED
// and nothing new is made, so sending again after an unknown outcome is safe. An initiation is
// answered 200 with ACCEPTED, REJECTED (with failureReason) or DUPLICATE_IGNORED; validation and
// authentication errors come as 400/401/403 with a failureReason; UNKNOWN_ERROR as 500, which
// pawaPay says not to take for a failure. This client never retries on its own.

const OPERATOR = "pawapay";
/**
 * The 4xx answers taken as "unknown: retry", never a refusal: pawaPay documents neither 408 nor 429
 * (its failure codes page lists 400, 401, 403 and 500): unknown, the safe reading
 * (docs/operators-pawapay.md).
 */
const UNKNOWN_OUTCOME_ANSWERS = [408, 429];
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export type PawapayMoneyInput = {
  /** depositId / payoutId: a UUID v4 stored before the call. */
  id: string;
  amountMinor: bigint;
  currency: string;
  /** The customer's phone, E.164 (sent as digits with the country code, no "+"). */
  phone: string;
  /** pawaPay's provider code (MOOV_BEN, FREE_SEN...). */
  provider: string;
  /** Our reference, pawaPay's clientReferenceId (returned by status reads, not by callbacks); left out past 36 characters. */
  clientReferenceId?: string;
  /** Shown on the customer's statement: pawaPay takes 4 to 22 letters, digits and spaces. */
  customerMessage?: string;
};

export type PawapayRefundInput = {
  refundId: string;
  /** The refunded deposit's depositId. */
  depositId: string;
  /** Always sent: without it pawaPay refunds "the remaining balance", which we never ask for blind. */
  amountMinor: bigint;
  currency: string;
  clientReferenceId?: string;
};

/** An initiation pawaPay took: now (ACCEPTED) or before, under the same id (DUPLICATE_IGNORED). */
export type PawapayInitiated = { duplicate: boolean };

/** A status read: pawaPay's NOT_FOUND (it shows nothing under that id, yet), or the object and its outcome. */
export type PawapayRead = { found: false } | { found: true; outcome: GatewayOutcome; data: Record<string, unknown> };

export type PawapayOperationType = "DEPOSIT" | "PAYOUT" | "REFUND";
export type PawapayAvailabilityStatus = "OPERATIONAL" | "DELAYED" | "CLOSED";
export type PawapayAvailability = { country: string; provider: string; operationType: string; status: PawapayAvailabilityStatus };

export type PawapayClient = {
  readonly timeoutMs: number;
  initiateDeposit(input: PawapayMoneyInput): Promise<PawapayInitiated>;
  getDeposit(depositId: string): Promise<PawapayRead>;
  initiatePayout(input: PawapayMoneyInput): Promise<PawapayInitiated>;
  getPayout(payoutId: string): Promise<PawapayRead>;
  initiateRefund(input: PawapayRefundInput): Promise<PawapayInitiated>;
  getRefund(refundId: string): Promise<PawapayRead>;
  /** Each provider's status per operation; one unknown to us is left out, never guessed. */
  availability(filter?: { country?: string; operationType?: PawapayOperationType }): Promise<PawapayAvailability[]>;
  /** The public keys pawaPay signs callbacks with ({id, key} PEM), to configure PAWAPAY_CALLBACK_PUBLIC_KEY from. */
  publicKeys(): Promise<{ id: string; key: string }[]>;
};

/** pawaPay's clientReferenceId takes 1 to 36 characters (v2 initiate deposit): ours fit; a longer one is left out, never cut into another. */
const clientReference = (reference: string | undefined) => (reference && reference.length <= 36 ? { clientReferenceId: reference } : {});

/** What pawaPay takes as a customer message: 4 to 22 of [a-zA-Z0-9 ]; anything shorter is left out. */
export function pawapayCustomerMessage(text: string | undefined): string | undefined {
  const cleaned = (text ?? "").replace(/[^A-Za-z0-9 ]/g, " ").replace(/\s+/g, " ").trim().slice(0, 22).trim();
  return cleaned.length >= 4 ? cleaned : undefined;
}

export function createPawapayClient(config: PawapayConfig, deps: OperatorClientDeps = {}): PawapayClient {
  const timeoutMs = deps.timeoutMs ?? config.timeoutMs;
  const breaker = deps.breaker ?? operatorBreaker(OPERATOR);
  const notSent = (operation: string, why: string) => new OperatorNotSentError(OPERATOR, operation, "invalid_request", why);

  async function call(operation: string, method: "GET" | "POST", path: string, body?: unknown) {
    const response = await sendOperatorRequest({
      operator: OPERATOR,
      operation,
      method,
      url: `${config.baseUrl}${path}`,
      headers: { Authorization: `Bearer ${config.apiToken}`, ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      timeoutMs,
      fetch: deps.fetch,
    });
    failUnless(response, [200], OPERATOR, operation, failureOf, UNKNOWN_OUTCOME_ANSWERS);
    return parseJson(response, OPERATOR, operation);
  }

  /** An initiation's answer: ACCEPTED / DUPLICATE_IGNORED taken, REJECTED a refusal with pawaPay's code. */
  function initiated(body: unknown, idField: string, id: string, operation: string): PawapayInitiated {
    const status = stringField(body, "status");
    if (status === "REJECTED") {
      const { code, detail } = failureOf(body);
      // pawaPay's answer while a provider is CLOSED ("all requests are being rejected"): said to
      // the customer as the availability it announced, not as a failure.
      if (code === "PROVIDER_TEMPORARILY_UNAVAILABLE") throw new OperatorProviderClosedError(OPERATOR, operation, 200, code, detail?.slice(0, 200));
      throw new OperatorRejectedError(OPERATOR, operation, 200, code ?? "REJECTED", detail?.slice(0, 200));
    }
    // v1 answered a payout taken while its provider was down with ENQUEUED; v2 documents only
    // ACCEPTED, but ENQUEUED would say the same: taken, waiting.
    if (status !== "ACCEPTED" && status !== "DUPLICATE_IGNORED" && status !== "ENQUEUED") {
      throw new OperatorUnknownOutcomeError(OPERATOR, operation, "bad_response", `answer with status ${status ?? "none"}`);
    }
    const echoed = stringField(body, idField);
    if (echoed !== undefined && echoed !== id) throw new OperatorUnknownOutcomeError(OPERATOR, operation, "bad_response", `answer for another ${idField}`);
    return { duplicate: status === "DUPLICATE_IGNORED" };
  }

  function requireId(id: string, operation: string) {
    if (!UUID_V4.test(id)) throw notSent(operation, "the id must be a UUID v4");
  }

  function moneyBody(input: PawapayMoneyInput, idField: "depositId" | "payoutId", party: "payer" | "recipient", operation: string) {
    requireId(input.id, operation);
    if (input.amountMinor <= 0n) throw notSent(operation, "amount must be positive");
    const phoneNumber = msisdnDigits(input.phone);
    if (!phoneNumber) throw notSent(operation, "phone is not in E.164 form");
    if (!/^[A-Z0-9_]{3,40}$/.test(input.provider)) throw notSent(operation, "not a pawaPay provider code");
    const customerMessage = pawapayCustomerMessage(input.customerMessage);
    return {
      [idField]: input.id,
      amount: minorToDecimalString(input.amountMinor, input.currency),
      currency: input.currency,
      [party]: { type: "MMO", accountDetails: { phoneNumber, provider: input.provider } },
      ...clientReference(input.clientReferenceId),
      ...(customerMessage ? { customerMessage } : {}),
    };
  }

  /** GET /v2/{kind}/{id}: {status: FOUND, data} or {status: NOT_FOUND}; anything else is unreadable, never "not found". */
  function read(kind: "deposits" | "payouts" | "refunds", id: string, operation: string): Promise<PawapayRead> {
    return breaker.run(operation, async () => {
      requireId(id, operation);
      const body = await call(operation, "GET", `/v2/${kind}/${id}`);
      const status = stringField(body, "status");
      if (status === "NOT_FOUND") return { found: false };
      const data = (body as { data?: unknown } | null)?.data;
      if (status !== "FOUND" || !data || typeof data !== "object") {
        throw new OperatorUnknownOutcomeError(OPERATOR, operation, "bad_response", `status read answered ${status ?? "no status"}`);
      }
      return { found: true, outcome: pawapayOutcome(data), data: data as Record<string, unknown> };
    });
  }

  function initiate(operation: string, path: string, idField: string, id: string, body: () => object) {
    return breaker.run(operation, async () => initiated(await call(operation, "POST", path, body()), idField, id, operation));
  }

  return {
    timeoutMs,
    initiateDeposit: (input) =>
      initiate("initiate deposit", "/v2/deposits", "depositId", input.id, () => moneyBody(input, "depositId", "payer", "initiate deposit")),
    getDeposit: (depositId) => read("deposits", depositId, "deposit status"),
    initiatePayout: (input) =>
      initiate("initiate payout", "/v2/payouts", "payoutId", input.id, () => moneyBody(input, "payoutId", "recipient", "initiate payout")),
    getPayout: (payoutId) => read("payouts", payoutId, "payout status"),
    initiateRefund: (input) =>
      initiate("initiate refund", "/v2/refunds", "refundId", input.refundId, () => {
        const operation = "initiate refund";
        requireId(input.refundId, operation);
        requireId(input.depositId, operation);
        if (input.amountMinor <= 0n) throw notSent(operation, "amount must be positive");
        return {
          refundId: input.refundId,
          depositId: input.depositId,
          amount: minorToDecimalString(input.amountMinor, input.currency),
          currency: input.currency,
          ...clientReference(input.clientReferenceId),
        };
      }),
    getRefund: (refundId) => read("refunds", refundId, "refund status"),

    availability(filter = {}) {
      const operation = "availability";
      return breaker.run(operation, async () => {
        const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])));
        const body = await call(operation, "GET", `/v2/availability${query.size ? `?${query}` : ""}`);
        if (!Array.isArray(body)) throw new OperatorUnknownOutcomeError(OPERATOR, operation, "bad_response", "availability is not a list");
        return body.flatMap((country: unknown) =>
          listOf(country, "providers").flatMap((provider) =>
            listOf(provider, "operationTypes").flatMap((entry) => {
              const status = stringField(entry, "status");
              const row = { country: stringField(country, "country"), provider: stringField(provider, "provider"), operationType: stringField(entry, "operationType") };
              if (!row.country || !row.provider || !row.operationType || (status !== "OPERATIONAL" && status !== "DELAYED" && status !== "CLOSED")) return [];
              return [{ ...row, status } as PawapayAvailability];
            }),
          ),
        );
      });
    },

    publicKeys() {
      const operation = "public keys";
      return breaker.run(operation, async () => {
        const body = await call(operation, "GET", "/v2/public-key/http");
        if (!Array.isArray(body)) throw new OperatorUnknownOutcomeError(OPERATOR, operation, "bad_response", "public keys are not a list");
        return body.flatMap((entry: unknown) => {
          const id = stringField(entry, "id");
          const key = stringField(entry, "key");
          return id && key ? [{ id, key }] : [];
        });
      });
    },
  };
}

function listOf(body: unknown, key: string): unknown[] {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>)[key] : undefined;
  return Array.isArray(value) ? value : [];
}
