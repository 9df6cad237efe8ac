import "server-only";
import { AccessTokenCache } from "@/lib/gateways/operators/access-token";
import { operatorBreaker } from "@/lib/gateways/operators/circuit-breaker";
import { minorToDecimalString } from "@/lib/gateways/operators/operator-amounts";
import type { OperatorClientDeps } from "@/lib/gateways/operators/operator-client-deps";
import { OperatorNotSentError, OperatorUnknownOutcomeError } from "@/lib/gateways/operators/operator-errors";
import {
  failUnless,
  parseJson,
  sendOperatorRequest,
  stringField,
  type OperatorRequest,
  type OperatorResponse,
} from "@/lib/gateways/operators/operator-http";
import { msisdnDigits } from "@/lib/gateways/operators/operator-phone";
import type { OperatorPaymentStatus } from "@/lib/gateways/operators/operator-status";
import type { MtnMomoConfig } from "./mtn-momo-config";
import { mtnMomoStatus } from "./mtn-momo-status";

// The MTN MoMo Open API (Collection and Disbursement), as documented in docs/operators.md.
// Our idempotency towards MTN is X-Reference-Id: a UUID we choose and keep on the deposit or
// transfer before calling. Sending it again after an unknown outcome cannot charge twice (MTN
// answers 409 RESOURCE_ALREADY_EXIST), and the status read by that id resolves the outcome.

const OPERATOR = "mtn-momo";
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

type Product = "collection" | "disbursement";

export type MtnMomoPaymentInput = {
  /** X-Reference-Id: a UUID v4 we store before the call (our idempotency key towards MTN). */
  referenceId: string;
  /** externalId: our deposit or transfer reference, for reconciliation on MTN's side. */
  externalId: string;
  amountMinor: bigint;
  currency: string;
  /** The customer's phone, E.164. */
  phone: string;
  /** Shown to the customer (payer message, payee note); MTN refuses more than 160 characters. */
  message?: string;
  note?: string;
  /** X-Callback-Url: MTN PUTs or POSTs the outcome there once, unsigned. Its host must be the one registered with MTN. */
  callbackUrl?: string;
};

export type MtnMomoAccepted = {
  referenceId: string;
  /** MTN already had this reference (409): an earlier call with it reached MTN, nothing new was created. */
  alreadyAccepted: boolean;
};

export type MtnMomoClient = {
  /** Collection: push the payment prompt to the customer's phone (MTN answers 202 and works asynchronously). */
  requestToPay(input: MtnMomoPaymentInput): Promise<MtnMomoAccepted>;
  requestToPayStatus(referenceId: string): Promise<OperatorPaymentStatus>;
  /** Disbursement: pay out to the customer's wallet (same pattern). */
  transfer(input: MtnMomoPaymentInput): Promise<MtnMomoAccepted>;
  transferStatus(referenceId: string): Promise<OperatorPaymentStatus>;
};

/** MTN's error body: {"code":"RESOURCE_ALREADY_EXIST","message":"..."} (or {"error":"login_failed"} from the token endpoint). */
function mtnErrorCode(body: unknown) {
  return { code: stringField(body, "code") ?? stringField(body, "error"), detail: stringField(body, "message") };
}

// MTN refuses notes over 160 characters and some punctuation (apostrophes) with 400: keep what it takes.
function mtnText(text: string | undefined, fallback: string): string {
  const cleaned = (text ?? fallback).replace(/['"<>&\\]/g, " ").replace(/\s+/g, " ").trim();
  return cleaned.slice(0, 160) || fallback;
}

export function createMtnMomoClient(config: MtnMomoConfig, deps: OperatorClientDeps = {}): MtnMomoClient {
  const timeoutMs = deps.timeoutMs ?? config.timeoutMs;
  const breaker = deps.breaker ?? operatorBreaker(OPERATOR);
  const basic = Buffer.from(`${config.apiUser}:${config.apiKey}`).toString("base64");

  function subscriptionKey(product: Product, operation: string): string {
    if (product === "collection") return config.subscriptionKey;
    if (!config.disbursementSubscriptionKey) {
      throw new OperatorNotSentError(OPERATOR, operation, "not_configured", "MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY is not set");
    }
    return config.disbursementSubscriptionKey;
  }

  // POST /{product}/token/ with Basic apiUser:apiKey and the product's subscription key;
  // answers {access_token, token_type, expires_in} (3600 s per MTN's documentation).
  async function issueToken(product: Product) {
    const operation = `${product} token`;
    const response = await sendOperatorRequest({
      operator: OPERATOR,
      operation,
      method: "POST",
      url: `${config.baseUrl}/${product}/token/`,
      headers: { Authorization: `Basic ${basic}`, "Ocp-Apim-Subscription-Key": subscriptionKey(product, operation) },
      timeoutMs,
      fetch: deps.fetch,
    });
    failUnless(response, [200], OPERATOR, operation, mtnErrorCode);
    const body = parseJson(response, OPERATOR, operation) as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof body?.access_token !== "string" || typeof body.expires_in !== "number") {
      throw new OperatorUnknownOutcomeError(OPERATOR, operation, "bad_response", "token answer without access_token/expires_in");
    }
    return { accessToken: body.access_token, expiresInSeconds: body.expires_in };
  }

  const tokens: Record<Product, AccessTokenCache> = {
    collection: new AccessTokenCache(() => issueToken("collection"), deps.now),
    disbursement: new AccessTokenCache(() => issueToken("disbursement"), deps.now),
  };

  // One call with the product's bearer token. A 401 means the gateway refused the token before
  // doing anything (expired early, revoked): one new token and one more try is safe, even for a POST.
  async function authorized(
    product: Product,
    operation: string,
    build: (headers: Record<string, string>) => Omit<OperatorRequest, "operator" | "operation" | "timeoutMs" | "fetch">,
  ): Promise<OperatorResponse> {
    const key = subscriptionKey(product, operation);
    const send = (token: string) => {
      const request = build({
        Authorization: `Bearer ${token}`,
        "X-Target-Environment": config.targetEnvironment,
        "Ocp-Apim-Subscription-Key": key,
      });
      return sendOperatorRequest({ ...request, operator: OPERATOR, operation, timeoutMs, fetch: deps.fetch });
    };
    const token = await tokens[product].get();
    const response = await send(token);
    if (response.status !== 401) return response;
    tokens[product].invalidate(token);
    return send(await tokens[product].get());
  }

  function paymentBody(input: MtnMomoPaymentInput, operation: string, party: "payer" | "payee") {
    if (!UUID_V4.test(input.referenceId)) {
      throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "referenceId must be a UUID v4 (MTN's X-Reference-Id)");
    }
    const partyId = msisdnDigits(input.phone);
    if (!partyId) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "phone is not in E.164 form");
    if (input.amountMinor <= 0n) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "amount must be positive");
    return {
      amount: minorToDecimalString(input.amountMinor, input.currency),
      currency: input.currency,
      externalId: input.externalId,
      [party]: { partyIdType: "MSISDN", partyId },
      payerMessage: mtnText(input.message, input.externalId),
      payeeNote: mtnText(input.note, input.externalId),
    };
  }

  async function create(product: Product, path: string, operation: string, party: "payer" | "payee", input: MtnMomoPaymentInput) {
    return breaker.run(operation, async () => {
      const body = JSON.stringify(paymentBody(input, operation, party));
      const response = await authorized(product, operation, (auth) => ({
        method: "POST",
        url: `${config.baseUrl}${path}`,
        headers: {
          ...auth,
          "Content-Type": "application/json",
          "X-Reference-Id": input.referenceId,
          ...(input.callbackUrl ? { "X-Callback-Url": input.callbackUrl } : {}),
        },
        body,
      }));
      if (response.status === 409) return { referenceId: input.referenceId, alreadyAccepted: true };
      failUnless(response, [202], OPERATOR, operation, mtnErrorCode);
      return { referenceId: input.referenceId, alreadyAccepted: false };
    });
  }

  async function read(product: Product, path: string, operation: string, referenceId: string) {
    return breaker.run(operation, async () => {
      if (!UUID_V4.test(referenceId)) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "referenceId must be a UUID v4");
      const response = await authorized(product, operation, (auth) => ({
        method: "GET",
        url: `${config.baseUrl}${path}/${referenceId}`,
        headers: auth,
      }));
      failUnless(response, [200], OPERATOR, operation, mtnErrorCode);
      return mtnMomoStatus(parseJson(response, OPERATOR, operation));
    });
  }

  return {
    requestToPay: (input) => create("collection", "/collection/v1_0/requesttopay", "requesttopay", "payer", input),
    requestToPayStatus: (referenceId) => read("collection", "/collection/v1_0/requesttopay", "requesttopay status", referenceId),
    transfer: (input) => create("disbursement", "/disbursement/v1_0/transfer", "transfer", "payee", input),
    transferStatus: (referenceId) => read("disbursement", "/disbursement/v1_0/transfer", "transfer status", referenceId),
  };
}
