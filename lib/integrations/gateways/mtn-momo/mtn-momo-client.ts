import "server-only";
import { AccessTokenCache } from "@/lib/integrations/gateways/operators/access-token";
import { operatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import { minorToDecimalString } from "@/lib/integrations/gateways/operators/operator-amounts";
import type { OperatorClientDeps } from "@/lib/integrations/gateways/operators/operator-client-deps";
import { OperatorNotSentError, OperatorRejectedError, OperatorUnknownOutcomeError } from "@/lib/integrations/gateways/operators/operator-errors";
import {
  failUnless,
  parseJson,
  sendOperatorRequest,
  stringField,
  type OperatorRequest,
  type OperatorResponse,
} from "@/lib/integrations/gateways/operators/operator-http";
import { msisdnDigits } from "@/lib/integrations/gateways/operators/operator-phone";
import type { OperatorPaymentStatus } from "@/lib/integrations/gateways/operators/operator-status";
import { MTN_SANDBOX, type MtnMomoConfig } from "./mtn-momo-config";
import { mtnMomoStatus } from "./mtn-momo-status";

// The MTN MoMo Open API (Collection and Disbursement), as documented in docs/operators.md.
// Our idempotency towards MTN is X-Reference-Id: a UUID we choose and keep on the deposit,
// transfer or refund before calling. Sending it again after an unknown outcome cannot charge
// twice (MTN answers 409 RESOURCE_ALREADY_EXIST), and the status read by that id resolves the outcome.
//
// MTN's sandbox takes EUR only ("The currency used in Sandbox is EUR"): with the target
// environment "sandbox", our amount goes as EUR with the same major-unit digits (5150 XOF ->
// "5150" EUR; our currencies have no decimals, so nothing is rounded), and the status read maps
// EUR back to the currency we asked in, for the core to compare with ours.

/**
 * MTN's 5xx codes that refuse a request before it is queued (its error table: the account's
 * rights, the target environment, the callback host, the currency): nothing was recorded. Any
 * other 5xx (INTERNAL_PROCESSING_ERROR, SERVICE_UNAVAILABLE, no code) may come after MTN queued it.
 */
export const MTN_REFUSAL_CODES = new Set(["NOT_ALLOWED", "NOT_ALLOWED_TARGET_ENVIRONMENT", "INVALID_CALLBACK_URL_HOST", "INVALID_CURRENCY"]);

/** MTN's 404 RESOURCE_NOT_FOUND on a status read: it shows nothing under that X-Reference-Id (yet). */
export const isMtnNotFound = (error: unknown) => error instanceof OperatorRejectedError && error.httpStatus === 404;

const OPERATOR = "mtn-momo";

/**
 * The 4xx answers taken as "unknown: retry", never a refusal: MTN gives 408 and 429 no meaning
 * (its error table lists 400, 401, 403, 404, 409, 500; its best practices page a rate limit on
 * status reads), so the safe reading, unknown (docs/operators.md, shared rules).
 */
const UNKNOWN_OUTCOME_ANSWERS = [408, 429];
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

/** Disbursement's refund of a request-to-pay (MTN sends it to that payment's payer). */
export type MtnMomoRefundInput = {
  /** X-Reference-Id of the refund: a new UUID v4 we store before the call. */
  referenceId: string;
  /** externalId: our refund reference. */
  externalId: string;
  amountMinor: bigint;
  currency: string;
  /** The X-Reference-Id of the request-to-pay given back. */
  referenceIdToRefund: string;
  message?: string;
  note?: string;
};

export type MtnMomoAccepted = {
  referenceId: string;
  /** MTN already had this reference (409): an earlier call with it reached MTN, nothing new was created. */
  alreadyAccepted: boolean;
};

/**
 * Each create call answers 202 (or 409: already accepted) and MTN works asynchronously; its status
 * read takes the currency we asked in (`ourCurrency`), in which the sandbox's EUR is read back.
 */
export type MtnMomoClient = {
  /** How long one call may take (OPERATOR_TIMEOUT_MS): what a caller sending again has to budget for. */
  readonly timeoutMs: number;
  /** Collection: push the payment prompt to the customer's phone. */
  requestToPay(input: MtnMomoPaymentInput): Promise<MtnMomoAccepted>;
  requestToPayStatus(referenceId: string, ourCurrency?: string): Promise<OperatorPaymentStatus>;
  /** Disbursement: pay out to the customer's wallet. */
  transfer(input: MtnMomoPaymentInput): Promise<MtnMomoAccepted>;
  transferStatus(referenceId: string, ourCurrency?: string): Promise<OperatorPaymentStatus>;
  /** Disbursement: give back (part of) a request-to-pay to its payer. */
  refund(input: MtnMomoRefundInput): Promise<MtnMomoAccepted>;
  refundStatus(referenceId: string, ourCurrency?: string): Promise<OperatorPaymentStatus>;
};

/** MTN's error body: {"code":"RESOURCE_ALREADY_EXIST","message":"..."} (or {"error":"login_failed"} from the token endpoint). */
function mtnErrorCode(body: unknown) {
  return { code: stringField(body, "code") ?? stringField(body, "error"), detail: stringField(body, "message") };
}

function errorBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

// MTN refuses notes over 160 characters and some punctuation (apostrophes) with 400: keep what it takes.
function mtnText(text: string | undefined, fallback: string): string {
  const cleaned = (text ?? fallback).replace(/['"<>&\\]/g, " ").replace(/\s+/g, " ").trim();
  return cleaned.slice(0, 160) || fallback;
}

export function createMtnMomoClient(config: MtnMomoConfig, deps: OperatorClientDeps = {}): MtnMomoClient {
  const timeoutMs = deps.timeoutMs ?? config.timeoutMs;
  // One circuit per country's platform (its target environment): MTN's markets fail apart.
  const breaker = deps.breaker ?? operatorBreaker(OPERATOR, config.targetEnvironment);
  const basic = Buffer.from(`${config.apiUser}:${config.apiKey}`).toString("base64");
  const sandbox = config.targetEnvironment === MTN_SANDBOX;

  function subscriptionKey(product: Product, operation: string): string {
    if (product === "collection") return config.subscriptionKey;
    if (!config.disbursementSubscriptionKey) {
      throw new OperatorNotSentError(OPERATOR, operation, "not_configured", "MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY (or the country's own) is not set");
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
    failUnless(response, [200], OPERATOR, operation, mtnErrorCode, UNKNOWN_OUTCOME_ANSWERS);
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

  const notSent = (operation: string, why: string) => new OperatorNotSentError(OPERATOR, operation, "invalid_request", why);

  /** The fields every create call carries: the amount (in the sandbox, as EUR), the texts MTN shows. */
  function moneyFields(input: { referenceId: string; externalId: string; amountMinor: bigint; currency: string; message?: string; note?: string }, operation: string) {
    if (!UUID_V4.test(input.referenceId)) throw notSent(operation, "referenceId must be a UUID v4 (MTN's X-Reference-Id)");
    if (input.amountMinor <= 0n) throw notSent(operation, "amount must be positive");
    return {
      amount: minorToDecimalString(input.amountMinor, input.currency),
      currency: sandbox ? "EUR" : input.currency,
      externalId: input.externalId,
      payerMessage: mtnText(input.message, input.externalId),
      payeeNote: mtnText(input.note, input.externalId),
    };
  }

  function paymentBody(input: MtnMomoPaymentInput, operation: string, party: "payer" | "payee") {
    const partyId = msisdnDigits(input.phone);
    if (!partyId) throw notSent(operation, "phone is not in E.164 form");
    return { ...moneyFields(input, operation), [party]: { partyIdType: "MSISDN", partyId } };
  }

  function refundBody(input: MtnMomoRefundInput, operation: string) {
    if (!UUID_V4.test(input.referenceIdToRefund)) throw notSent(operation, "referenceIdToRefund must be the payment's X-Reference-Id (a UUID v4)");
    return { ...moneyFields(input, operation), referenceIdToRefund: input.referenceIdToRefund };
  }

  /**
   * POSTs a request under its X-Reference-Id. 202: accepted; 409: MTN already has this id (an
   * earlier send reached it). A 5xx with one of MTN_REFUSAL_CODES is a refusal; any other 5xx is
   * an unknown outcome (MTN may have queued it), with MTN's code in the message for support.
   */
  async function create(product: Product, path: string, operation: string, request: { referenceId: string; callbackUrl?: string }, body: () => object) {
    return breaker.run(operation, async () => {
      const json = JSON.stringify(body());
      const response = await authorized(product, operation, (auth) => ({
        method: "POST",
        url: `${config.baseUrl}${path}`,
        headers: {
          ...auth,
          "Content-Type": "application/json",
          "X-Reference-Id": request.referenceId,
          ...(request.callbackUrl ? { "X-Callback-Url": request.callbackUrl } : {}),
        },
        body: json,
      }));
      if (response.status === 409) return { referenceId: request.referenceId, alreadyAccepted: true };
      if (response.status >= 500) {
        const { code, detail } = mtnErrorCode(errorBody(response.text));
        if (code && MTN_REFUSAL_CODES.has(code)) throw new OperatorRejectedError(OPERATOR, operation, response.status, code, detail?.slice(0, 200));
        throw new OperatorUnknownOutcomeError(OPERATOR, operation, "server_error", `unexpected HTTP ${response.status}${code ? ` ${code}` : ""}`, {
          httpStatus: response.status,
        });
      }
      failUnless(response, [202], OPERATOR, operation, mtnErrorCode, UNKNOWN_OUTCOME_ANSWERS);
      return { referenceId: request.referenceId, alreadyAccepted: false };
    });
  }

  async function read(product: Product, path: string, operation: string, referenceId: string, ourCurrency?: string) {
    return breaker.run(operation, async () => {
      if (!UUID_V4.test(referenceId)) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "referenceId must be a UUID v4");
      const response = await authorized(product, operation, (auth) => ({
        method: "GET",
        url: `${config.baseUrl}${path}/${referenceId}`,
        headers: auth,
      }));
      failUnless(response, [200], OPERATOR, operation, mtnErrorCode, UNKNOWN_OUTCOME_ANSWERS);
      return mtnMomoStatus(parseJson(response, OPERATOR, operation), { ourCurrency, sandbox });
    });
  }

  return {
    timeoutMs,
    requestToPay: (input) =>
      create("collection", "/collection/v1_0/requesttopay", "requesttopay", input, () => paymentBody(input, "requesttopay", "payer")),
    requestToPayStatus: (referenceId, ourCurrency) =>
      read("collection", "/collection/v1_0/requesttopay", "requesttopay status", referenceId, ourCurrency),
    transfer: (input) => create("disbursement", "/disbursement/v1_0/transfer", "transfer", input, () => paymentBody(input, "transfer", "payee")),
    transferStatus: (referenceId, ourCurrency) => read("disbursement", "/disbursement/v1_0/transfer", "transfer status", referenceId, ourCurrency),
    // Refund-V1 (MTN's SDKs and swagger): Disbursement's token and key; no callback asked, the
    // refund is followed by its status read.
    refund: (input) => create("disbursement", "/disbursement/v1_0/refund", "refund", input, () => refundBody(input, "refund")),
    refundStatus: (referenceId, ourCurrency) => read("disbursement", "/disbursement/v1_0/refund", "refund status", referenceId, ourCurrency),
  };
}
