import "server-only";
import { AccessTokenCache } from "@/lib/integrations/gateways/operators/access-token";
import { operatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import { minorToJsonNumber } from "@/lib/integrations/gateways/operators/operator-amounts";
import type { OperatorClientDeps } from "@/lib/integrations/gateways/operators/operator-client-deps";
import { OperatorNotSentError, OperatorUnknownOutcomeError } from "@/lib/integrations/gateways/operators/operator-errors";
import {
  failUnless,
  parseJson,
  sendOperatorRequest,
  stringField,
  type OperatorResponse,
} from "@/lib/integrations/gateways/operators/operator-http";
import { nationalNumber } from "@/lib/integrations/gateways/operators/operator-phone";
import type { OperatorPaymentStatus } from "@/lib/integrations/gateways/operators/operator-status";
import type { OrangeMoneyConfig } from "./orange-money-config";
import { OrangeCodeRefusedError, oneStepRefusal } from "./orange-money-refusals";
import { orangeMoneyStatus, orangeTransactionFor } from "./orange-money-status";

// Orange Money's merchant payment with a customer-generated code (docs/operators.md): the
// customer dials Orange's USSD menu on their phone and gets a one-time code; the merchant submits
// it with the amount in one call (payments/onestep), which answers with the outcome. Orange
// documents no idempotency key for it, so a one-step payment is never sent twice by this client:
// after an unknown outcome the transaction is found by our reference instead. (The code itself is
// single-use on Orange's side, which is what stops a second debit if it were resent.)
// Every call, a body-less GET included, says `Content-Type: application/json` and
// `Accept: application/json`: Orange's gateway answers a GET without it 415 (docs/operators.md).

const OPERATOR = "orange-money";

export type OrangeMoneyPaymentInput = {
  /** Our deposit reference: Orange keeps it on the transaction (and it is how we find it again). */
  reference: string;
  amountMinor: bigint;
  currency: string;
  /** The customer's phone, E.164. */
  phone: string;
  /** The code the customer generated on their phone. */
  otp: string;
};

export type OrangeMoneyClient = {
  /** Submits the customer's code with the payment; the answer is the outcome (SUCCESS / FAILED). */
  payWithOtp(input: OrangeMoneyPaymentInput): Promise<OperatorPaymentStatus>;
  /** GET /api/eWallet/v1/transactions/{transactionId}/status */
  transactionStatus(transactionId: string): Promise<OperatorPaymentStatus>;
  /**
   * The transaction Orange holds for our reference, or null when it has none (the payment never
   * reached Orange); `earlierTries`: the codes Orange refused before the try looked for.
   */
  findByReference(reference: string, earlierTries?: number): Promise<OperatorPaymentStatus | null>;
  /** POST /api/notification/v1/merchantcallback: where Orange notifies the merchant's payments, and the apiKey it sends back. */
  registerCallback(registration: OrangeMoneyCallbackRegistration): Promise<void>;
  /** GET /api/notification/v1/merchantcallback?code=: the callbacks registered for a merchant code. */
  listCallbacks(code: string): Promise<unknown[]>;
};

export type OrangeMoneyCallbackRegistration = { apiKey: string; code: string; name: string; callbackUrl: string };

/** Orange's error body: problem+json {"type","title","instance","status","code","detail","violations"}, or OAuth's {"error","error_description"} from the token call. */
function orangeErrorCode(body: unknown) {
  return {
    code: stringField(body, "code") ?? stringField(body, "error"),
    detail: stringField(body, "detail") ?? stringField(body, "error_description") ?? stringField(body, "title"),
  };
}

const JSON_HEADERS = { Accept: "application/json", "Content-Type": "application/json" };

const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function createOrangeMoneyClient(config: OrangeMoneyConfig, deps: OperatorClientDeps = {}): OrangeMoneyClient {
  const timeoutMs = deps.timeoutMs ?? config.timeoutMs;
  const breaker = deps.breaker ?? operatorBreaker(OPERATOR);

  // POST {tokenPath} (/oauth/v1/token by default), form-encoded client credentials; answers
  // {access_token, token_type, expires_in, ...}. Any refusal of it is ours to fix (credentials, path),
  // never the customer's: the payment was not sent.
  const tokens = new AccessTokenCache(async () => {
    const operation = "token";
    const response = await sendOperatorRequest({
      operator: OPERATOR,
      operation,
      method: "POST",
      url: `${config.baseUrl}${config.tokenPath}`,
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: config.clientId, client_secret: config.clientSecret }).toString(),
      timeoutMs,
      fetch: deps.fetch,
    });
    failUnless(response, [200], OPERATOR, operation, orangeErrorCode);
    const body = parseJson(response, OPERATOR, operation) as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof body?.access_token !== "string") {
      throw new OperatorUnknownOutcomeError(OPERATOR, operation, "bad_response", "token answer without access_token");
    }
    // No lifetime in the answer: keep the token five minutes rather than forever.
    return { accessToken: body.access_token, expiresInSeconds: typeof body.expires_in === "number" ? body.expires_in : 300 };
  }, deps.now);

  // A 401 is Orange refusing the token before acting: one new token and one more try is safe.
  async function authorized(operation: string, method: "GET" | "POST", path: string, body?: unknown): Promise<OperatorResponse> {
    const send = (token: string) =>
      sendOperatorRequest({
        operator: OPERATOR,
        operation,
        method,
        url: `${config.baseUrl}${path}`,
        headers: { Authorization: `Bearer ${token}`, ...JSON_HEADERS },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        timeoutMs,
        fetch: deps.fetch,
      });
    const token = await tokens.get();
    const response = await send(token);
    if (response.status !== 401) return response;
    tokens.invalidate(token);
    return send(await tokens.get());
  }

  return {
    payWithOtp(input) {
      const operation = "one-step payment";
      return breaker.run(operation, async () => {
        const customer = nationalNumber(input.phone);
        if (!customer) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "phone is not an E.164 number of one of our countries");
        if (!/^\d{4,8}$/.test(input.otp)) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "the code must be 4 to 8 digits");
        const value = input.amountMinor > 0n ? minorToJsonNumber(input.amountMinor, input.currency) : null;
        if (value === null) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "amount cannot be sent exactly");
        const response = await authorized(operation, "POST", "/api/eWallet/v1/payments/onestep", {
          customer: { idType: "MSISDN", id: customer, otp: input.otp },
          partner: config.partner,
          amount: { value, unit: input.currency },
          reference: input.reference,
        });
        if (response.status === 400) {
          const refusal = oneStepRefusal(response.text);
          if (refusal?.kind === "payment_failed") return { state: "failed", reason: refusal.reason, operatorCode: refusal.operatorCode };
          if (refusal?.kind === "code_refused") throw new OrangeCodeRefusedError(operation, refusal.operatorCode, refusal.detail);
        }
        failUnless(response, [200, 201], OPERATOR, operation, orangeErrorCode);
        return orangeMoneyStatus(parseJson(response, OPERATOR, operation));
      });
    },
    transactionStatus(transactionId) {
      const operation = "transaction status";
      return breaker.run(operation, async () => {
        if (!SAFE_ID.test(transactionId)) throw new OperatorNotSentError(OPERATOR, operation, "invalid_request", "not an Orange transaction id");
        const response = await authorized(operation, "GET", `/api/eWallet/v1/transactions/${transactionId}/status`);
        failUnless(response, [200], OPERATOR, operation, orangeErrorCode);
        const body = parseJson(response, OPERATOR, operation);
        return orangeMoneyStatus({ transactionId, ...(body && typeof body === "object" ? body : {}) });
      });
    },
    findByReference(reference, earlierTries = 0) {
      const operation = "transaction search";
      return breaker.run(operation, async () => {
        // Never `type`: in production it answered [] even for a matching MERCHANT_PAYMENT.
        const response = await authorized(operation, "GET", `/api/eWallet/v1/transactions?${new URLSearchParams({ reference })}`);
        failUnless(response, [200], OPERATOR, operation, orangeErrorCode);
        const body = parseJson(response, OPERATOR, operation);
        // A bare array in production; {transactions: [...]} in one integration's interface. Items
        // are filtered on our reference here too: a server ignoring the filter cannot mislead us.
        const list = Array.isArray(body) ? body : (body as { transactions?: unknown } | null)?.transactions;
        if (!Array.isArray(list)) throw new OperatorUnknownOutcomeError(OPERATOR, operation, "bad_response", "search answer is not a list");
        return orangeTransactionFor(reference, list, earlierTries);
      });
    },
    async registerCallback(registration) {
      const operation = "callback registration";
      const response = await authorized(operation, "POST", "/api/notification/v1/merchantcallback", registration);
      // Documented 201 with the registration; production answered success with an empty body.
      failUnless(response, [200, 201, 204], OPERATOR, operation, orangeErrorCode);
    },
    async listCallbacks(code) {
      const operation = "callback list";
      const response = await authorized(operation, "GET", `/api/notification/v1/merchantcallback?${new URLSearchParams({ code })}`);
      failUnless(response, [200], OPERATOR, operation, orangeErrorCode);
      const body = parseJson(response, OPERATOR, operation);
      return Array.isArray(body) ? body : [];
    },
  };
}
