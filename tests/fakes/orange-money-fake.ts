import { createHmac, randomBytes, randomInt, randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { OrangeMoneyConfig } from "@/lib/integrations/gateways/orange-money/orange-money-config";
import { deliver, sendJson, startFakeServer, type Recorded } from "./fake-http";

// A local Orange Money Senegal merchant payment API (Sonatel "OM API"), written to the facts and
// sources in docs/operators.md ("Orange Money": each behaviour below names its row there):
// - OAuth client-credentials token (form-encoded) at ONE path, the other answering 404; OAuth-style
//   error bodies (invalid_client for an unknown client, unauthorized_client for a known one refused);
// - 415 on a GET without `Content-Type: application/json`, body-less or not;
// - problem+json errors {type, title, instance, status, code, detail} with `status` and `code` as strings;
// - the one-step payment with the customer's MSISDN and the single-use code the customer generated
//   on the phone (generateOtp() is the customer dialling Orange's USSD menu), answered with the
//   outcome or left PENDING and settled later (settle()); business refusals 2000 (no account),
//   2020 (insufficient balance), 4099 (bad parameters); a wrong or used code refused with a code
//   that no source confirms (`otpErrorCode`);
// - the status read {status}; the search by reference answering a bare JSON array of transaction
//   objects (several may carry one reference), `amount.value` written as a float (10.0), and the
//   `type` filter answering [] whatever it names;
// - the merchant callback: registration, then the transaction object POSTed to the registered URL
//   with `Authorization: Basic <apiKey>`, `X-Sonatel-Idempotency-Key` and, when an endpoint secret
//   is set, `X-Sonatel-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "{t},{body}">`.
// Infrastructure faults (5xx after recording, late answers) come from fake-http's failNext.

/** How a customer's account answers a payment with a good code (scripted per national MSISDN). */
export type OrangeCustomer = "approve" | "decline" | "insufficient_funds" | "no_account" | "never_answers";

export type OrangeMoneyFakeOptions = {
  port?: number;
  /** Token lifetime (s); 299 as Orange's production answers. */
  tokenLifetimeSeconds?: number;
  /** Where the token is served: "/oauth/v1/token" (v1.1.0 specification) or "/oauth/token" (older integrations); the other path is 404. */
  tokenPath?: string;
  /** 415 on a GET without `Content-Type: application/json` (one production report); default on. */
  requireJsonContentTypeOnGet?: boolean;
  /** The problem `code` of a wrong or used code: UNCONFIRMED ("2041" in a code table, "24" in an SDK fixture). */
  otpErrorCode?: string;
  /**
   * Whether a refused code leaves a REJECTED transaction under the reference (UNCONFIRMED for
   * one-step payments). Default on, the worse case for us: the search then finds an earlier try's
   * failure beside (or before) the later try whose answer was lost.
   */
  refusedCodesRecorded?: boolean;
  /** The search answer: a bare array (production) or {transactions: [...]} (one integration's interface). */
  searchShape?: "array" | "wrapped";
  /** Whether a one-step payment's outcome is also sent to the merchant callback (UNCONFIRMED); default off. */
  notifyOneStep?: boolean;
  /** The endpoint secret signing callbacks (X-Sonatel-Signature); unsigned when absent. */
  callbackSigningSecret?: string;
};

export type OrangeTransaction = {
  transactionId: string;
  reference: string;
  status: string;
  amount: { value: number; unit: string };
  customer: { id: string; idType: "MSISDN"; walletType: "PRINCIPAL" };
  partner: { id: string; idType: "CODE"; walletType: "PRINCIPAL" };
  type: "MERCHANT_PAYMENT";
  channel: "API";
  requestDate: string;
  createdAt: string;
  updatedAt: string;
  metadata: Record<string, string>;
  receiveNotification: boolean;
};

type Registration = { code: string; name: string; callbackUrl: string; apiKey: string; msisdn: null; createdAt: string };
export type OrangeCallbackDelivery = { url: string; body: string; headers: Record<string, string>; status: number | null };

const credentials = { clientId: "fake-orange-client-id", clientSecret: "fake-orange-client-secret-0123456789", merchantCode: "553651" };
const TOKEN_PATHS = ["/oauth/v1/token", "/oauth/token"];

/** Orange writes amounts as floats (`10.0`): JSON text, as the wire carries it. */
function transactionJson(body: unknown): string {
  return JSON.stringify(body).replace(/("value":)(\d+)(?=[,}])/g, "$1$2.0");
}

/** The signature Orange's v1.1.0 specification describes: HMAC-SHA256 of "{t},{raw body}", hex. */
export function orangeCallbackSignature(secret: string, timestamp: number, body: string) {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp},${body}`).digest("hex")}`;
}

export async function startOrangeMoneyFake(options: OrangeMoneyFakeOptions = {}) {
  const tokenPath = options.tokenPath ?? "/oauth/v1/token";
  const otpErrorCode = options.otpErrorCode ?? "2041";
  const tokens = new Map<string, number>();
  const otps = new Map<string, string>(); // msisdn -> unused code
  const customers = new Map<string, OrangeCustomer>();
  const transactions = new Map<string, OrangeTransaction>();
  const registrations: Registration[] = [];
  const callbacks: OrangeCallbackDelivery[] = [];
  let tokenCalls = 0;

  const problem = (res: ServerResponse, status: number, code: string, detail: string, instance: string) => {
    if (res.destroyed || res.writableEnded) return;
    const title = { 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 415: "Unsupported Media Type" }[status] ?? "Error";
    res
      .writeHead(status, { "content-type": "application/problem+json" })
      .end(JSON.stringify({ type: `/${title.toLowerCase().replace(/ /g, "-")}`, title, instance, status: String(status), code, detail }));
  };

  function authorized(request: Recorded) {
    const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ""))?.[1];
    const expiresAt = token ? tokens.get(token) : undefined;
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  /** The customer generates a code on their phone (national MSISDN); the previous one is replaced. */
  function generateOtp(msisdn: string) {
    const code = String(randomInt(1e6)).padStart(6, "0");
    otps.set(msisdn, code);
    return code;
  }

  function record(body: { reference: string; amount: { value: number; unit: string } }, msisdn: string, status: string) {
    const now = new Date();
    const at = now.toISOString();
    const tx: OrangeTransaction = {
      transactionId: `MP${at.slice(2, 10).replace(/-/g, "")}.${at.slice(11, 16).replace(":", "")}.${randomBytes(3).toString("hex").toUpperCase()}`,
      reference: body.reference,
      status,
      amount: body.amount,
      customer: { id: msisdn, idType: "MSISDN", walletType: "PRINCIPAL" },
      partner: { id: credentials.merchantCode, idType: "CODE", walletType: "PRINCIPAL" },
      type: "MERCHANT_PAYMENT",
      channel: "API",
      requestDate: at,
      createdAt: at,
      updatedAt: at,
      metadata: {},
      receiveNotification: true,
    };
    transactions.set(tx.transactionId, tx);
    return tx;
  }

  /** POSTs the transaction to every callback registered for the merchant, as Orange notifies. */
  async function notify(tx: OrangeTransaction) {
    const body = transactionJson({ ...tx, metadata: { ...tx.metadata, "notification.dispatched": "true" } });
    for (const registration of registrations.filter((r) => r.code === tx.partner.id)) {
      const headers: Record<string, string> = { Authorization: `Basic ${registration.apiKey}`, "X-Sonatel-Idempotency-Key": randomUUID() };
      if (options.callbackSigningSecret) headers["X-Sonatel-Signature"] = orangeCallbackSignature(options.callbackSigningSecret, Math.floor(Date.now() / 1000), body);
      const status = await deliver(registration.callbackUrl, "POST", body, headers);
      callbacks.push({ url: registration.callbackUrl, body, headers, status });
    }
  }

  const server = await startFakeServer(
    async (request, res) => {
      if (request.method === "POST" && TOKEN_PATHS.includes(request.path)) {
        if (request.path !== tokenPath) return problem(res, 404, "404", "No route matched with those values", request.path);
        tokenCalls++;
        if (!String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
          return sendJson(res, 400, { error: "invalid_request", error_description: "Missing form parameter: grant_type" });
        }
        const form = new URLSearchParams(request.body);
        if (form.get("grant_type") !== "client_credentials") return sendJson(res, 400, { error: "unsupported_grant_type" });
        if (form.get("client_id") !== credentials.clientId) return sendJson(res, 401, { error: "invalid_client", error_description: "Invalid client credentials" });
        if (form.get("client_secret") !== credentials.clientSecret) {
          return sendJson(res, 401, { error: "unauthorized_client", error_description: "INVALID_CREDENTIALS: Invalid client credentials" });
        }
        const accessToken = randomBytes(24).toString("hex");
        const lifetime = options.tokenLifetimeSeconds ?? 299;
        tokens.set(accessToken, Date.now() + lifetime * 1000);
        return sendJson(res, 200, {
          access_token: accessToken,
          token_type: "Bearer",
          expires_in: lifetime,
          scope: "profile email",
          refresh_token: randomBytes(24).toString("hex"),
          refresh_expires_in: 1800,
        });
      }
      // Not Orange's API: the customer dialling Orange's menu for a code, for a browser test that
      // runs this fake in another process (generateOtp() in process).
      const dial = /^\/_customer\/(\d{8,10})\/otp$/.exec(request.path);
      if (request.method === "POST" && dial) return sendJson(res, 200, { otp: generateOtp(dial[1]) });

      const contentType = String(request.headers["content-type"] ?? "");
      if (request.method === "GET" && options.requireJsonContentTypeOnGet !== false && !contentType.startsWith("application/json")) {
        return problem(res, 415, "415", "Unsupported media type, it should be 'application/json'", request.path);
      }
      if (!authorized(request)) return problem(res, 401, "401", "Invalid or expired access token", request.path);

      if (request.method === "POST" && request.path === "/api/eWallet/v1/payments/onestep") {
        const body = JSON.parse(request.body || "{}");
        const msisdn = String(body.customer?.id ?? "");
        if (
          body.customer?.idType !== "MSISDN" ||
          !/^\d{9}$/.test(msisdn) ||
          body.partner?.idType !== "CODE" ||
          body.partner?.id !== credentials.merchantCode ||
          typeof body.amount?.value !== "number" ||
          !Number.isInteger(body.amount.value) ||
          body.amount.unit !== "XOF" ||
          typeof body.reference !== "string"
        ) {
          return problem(res, 400, "4099", "Bad request, please check passed parameters", request.path);
        }
        const behaviour = customers.get(msisdn) ?? "approve";
        if (behaviour === "no_account") return problem(res, 400, "2000", "Customer account does not exist", request.path);
        // A code is good once: used or wrong, the payment is refused and nothing is debited.
        if (!body.customer.otp || otps.get(msisdn) !== body.customer.otp) {
          if (options.refusedCodesRecorded !== false) record(body, msisdn, "REJECTED");
          return problem(res, 400, otpErrorCode, "Transaction non autorisée", request.path);
        }
        otps.delete(msisdn);
        if (behaviour === "insufficient_funds") {
          record(body, msisdn, "FAILED");
          return problem(res, 400, "2020", "Solde insuffisant", request.path);
        }
        const status = behaviour === "approve" ? "SUCCESS" : behaviour === "never_answers" ? "PENDING" : "FAILED";
        const tx = record(body, msisdn, status);
        if (options.notifyOneStep) res.once("finish", () => void notify(tx));
        const description = status === "FAILED" ? "Paiement refusé" : "Paiement effectué";
        return sendJson(res, 200, { reference: tx.reference, transactionId: tx.transactionId, status, description });
      }

      const statusPath = /^\/api\/eWallet\/v1\/transactions\/([^/]+)\/status$/.exec(request.path);
      if (request.method === "GET" && statusPath) {
        const tx = transactions.get(statusPath[1]);
        if (!tx) return problem(res, 404, "404", "Transaction not found", request.path);
        return sendJson(res, 200, { status: tx.status });
      }

      if (request.method === "GET" && request.path === "/api/eWallet/v1/transactions") {
        const query = request.url.searchParams;
        const found = [...transactions.values()].filter(
          (tx) =>
            // In production `type` answered [] even for a matching MERCHANT_PAYMENT.
            !query.has("type") &&
            (!query.get("reference") || tx.reference === query.get("reference")) &&
            (!query.get("transactionId") || tx.transactionId === query.get("transactionId")) &&
            (!query.get("status") || tx.status === query.get("status")),
        );
        const text = transactionJson(options.searchShape === "wrapped" ? { transactions: found, page: 0, size: 20, total: found.length } : found);
        res.writeHead(200, { "content-type": "application/json" }).end(text);
        return;
      }

      if (request.path === "/api/notification/v1/merchantcallback") {
        if (request.method === "GET") {
          const code = request.url.searchParams.get("code");
          return sendJson(res, 200, registrations.filter((r) => !code || r.code === code));
        }
        if (request.method === "POST") {
          const body = JSON.parse(request.body || "{}");
          const fields = ["apiKey", "code", "name", "callbackUrl"] as const;
          if (fields.some((field) => typeof body[field] !== "string" || body[field] === "") || body.code !== credentials.merchantCode) {
            return problem(res, 400, "4099", "Bad request, please check passed parameters", request.path);
          }
          const existing = registrations.findIndex((r) => r.code === body.code);
          if (existing >= 0) registrations.splice(existing, 1);
          registrations.push({ code: body.code, name: body.name, callbackUrl: body.callbackUrl, apiKey: body.apiKey, msisdn: null, createdAt: new Date().toISOString() });
          // Documented 201 with the registration; production answers success with an empty body.
          res.writeHead(201).end();
          return;
        }
      }
      return problem(res, 404, "404", "No route matched with those values", request.path);
    },
    (request) => TOKEN_PATHS.includes(request.path),
    options.port,
  );

  const config: OrangeMoneyConfig = {
    baseUrl: server.url,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    tokenPath,
    partner: { idType: "CODE", id: credentials.merchantCode },
    timeoutMs: 10_000,
  };
  return {
    ...server,
    config,
    credentials,
    transactions,
    registrations,
    /** Every callback delivery, with the receiver's answer (null: not reached). */
    callbacks,
    get tokenCalls() {
      return tokenCalls;
    },
    generateOtp,
    script(msisdn: string, customer: OrangeCustomer) {
      customers.set(msisdn, customer);
    },
    /** A transaction of Orange's as if made by another channel (a customer's earlier try). */
    addTransaction(body: { reference: string; amount: { value: number; unit: string } }, msisdn: string, status: string) {
      return record(body, msisdn, status);
    },
    /** Orange finishes a payment it had left pending, then notifies the registered callback. */
    async settle(transactionId: string, status: "SUCCESS" | "FAILED") {
      const tx = transactions.get(transactionId)!;
      Object.assign(tx, { status, updatedAt: new Date().toISOString() });
      await notify(tx);
    },
    notify,
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
  };
}

export type OrangeMoneyFake = Awaited<ReturnType<typeof startOrangeMoneyFake>>;
