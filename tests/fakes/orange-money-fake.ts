import { randomBytes, randomInt } from "node:crypto";
import type { OrangeMoneyConfig } from "@/lib/gateways/orange-money/orange-money-config";
import { sendJson, startFakeServer, type Recorded } from "./fake-http";

// A local Orange Money merchant payment API (Sonatel OM API shape, docs/operators.md): OAuth
// client-credentials token (form-encoded), one-step payment with the customer's MSISDN and the
// one-time code the customer generated on their phone, transaction status read and search by our
// reference. generateOtp() is the customer dialling Orange's USSD menu: a single-use code for that
// MSISDN. The customer's account is scripted per MSISDN (national form). Error bodies follow the
// {type,title,instance,status,code,detail} shape; their `code` values are this fake's own.

export type OrangeCustomer = "approve" | "decline" | "insufficient_funds" | "never_answers";

type Transaction = { transactionId: string; reference: string; status: string; amount: { value: number; unit: string }; customer: string; createdAt: string };

const credentials = { clientId: "fake-orange-client-id", clientSecret: "fake-orange-client-secret-0123456789", merchantCode: "553651" };

export async function startOrangeMoneyFake(options: { tokenLifetimeSeconds?: number; port?: number } = {}) {
  const tokens = new Map<string, number>();
  const otps = new Map<string, string>(); // msisdn -> unused code
  const customers = new Map<string, OrangeCustomer>();
  const transactions = new Map<string, Transaction>();
  let tokenCalls = 0;

  const problem = (res: Parameters<typeof sendJson>[0], status: number, code: string, detail: string, instance: string) =>
    sendJson(res, status, { type: "about:blank", title: status === 401 ? "Unauthorized" : "Bad Request", instance, status, code, detail });

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

  const server = await startFakeServer(
    async (request, res) => {
      if (request.method === "POST" && request.path === "/oauth/token") {
        tokenCalls++;
        if (!String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
          return sendJson(res, 400, { error: "invalid_request" });
        }
        const form = new URLSearchParams(request.body);
        if (form.get("grant_type") !== "client_credentials") return sendJson(res, 400, { error: "unsupported_grant_type" });
        if (form.get("client_id") !== credentials.clientId || form.get("client_secret") !== credentials.clientSecret) {
          return sendJson(res, 401, { error: "invalid_client", error_description: "Bad client credentials" });
        }
        const accessToken = randomBytes(24).toString("hex");
        const lifetime = options.tokenLifetimeSeconds ?? 300;
        tokens.set(accessToken, Date.now() + lifetime * 1000);
        return sendJson(res, 200, { access_token: accessToken, token_type: "bearer", expires_in: lifetime, scope: "read" });
      }
      // Not Orange's API: the customer dialling Orange's menu for a code, for a browser test that
      // runs this fake in another process (generateOtp() in process).
      const dial = /^\/_customer\/(\d{8,10})\/otp$/.exec(request.path);
      if (request.method === "POST" && dial) return sendJson(res, 200, { otp: generateOtp(dial[1]) });
      if (!authorized(request)) return problem(res, 401, "4010", "Invalid or expired access token", request.path);

      if (request.method === "POST" && request.path === "/api/eWallet/v1/payments/onestep") {
        const body = JSON.parse(request.body || "{}");
        const msisdn = String(body.customer?.id ?? "");
        if (
          body.customer?.idType !== "MSISDN" ||
          !/^\d{8,10}$/.test(msisdn) ||
          body.partner?.idType !== "CODE" ||
          body.partner?.id !== credentials.merchantCode ||
          typeof body.amount?.value !== "number" ||
          !Number.isInteger(body.amount.value) ||
          body.amount.unit !== "XOF" ||
          typeof body.reference !== "string"
        ) {
          return problem(res, 400, "2000", "Request validation failed", request.path);
        }
        // A code is good once: used or wrong, the payment is refused and nothing is debited.
        if (!body.customer.otp || otps.get(msisdn) !== body.customer.otp) {
          return problem(res, 400, "2041", "Invalid or expired OTP", request.path);
        }
        otps.delete(msisdn);
        const behaviour = customers.get(msisdn) ?? "approve";
        const status = behaviour === "approve" ? "SUCCESS" : behaviour === "never_answers" ? "PENDING" : "FAILED";
        const tx: Transaction = {
          transactionId: `MP${new Date().toISOString().slice(2, 10).replace(/-/g, "")}.${randomInt(1e4)}.${randomBytes(3).toString("hex").toUpperCase()}`,
          reference: body.reference,
          status,
          amount: body.amount,
          customer: msisdn,
          createdAt: new Date().toISOString(),
        };
        transactions.set(tx.transactionId, tx);
        const description = behaviour === "insufficient_funds" ? "Solde insuffisant" : status === "FAILED" ? "Paiement refusé" : "Paiement effectué";
        return sendJson(res, 200, { reference: tx.reference, transactionId: tx.transactionId, status, description });
      }

      const statusPath = /^\/api\/eWallet\/v1\/transactions\/([^/]+)\/status$/.exec(request.path);
      if (request.method === "GET" && statusPath) {
        const tx = transactions.get(statusPath[1]);
        if (!tx) return problem(res, 404, "4040", "Transaction not found", request.path);
        return sendJson(res, 200, { status: tx.status });
      }

      if (request.method === "GET" && request.path === "/api/eWallet/v1/transactions") {
        const reference = request.url.searchParams.get("reference");
        return sendJson(res, 200, [...transactions.values()].filter((tx) => !reference || tx.reference === reference));
      }
      return problem(res, 404, "4040", "No such endpoint", request.path);
    },
    (request) => request.path === "/oauth/token",
    options.port,
  );

  const config: OrangeMoneyConfig = {
    baseUrl: server.url,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    partner: { idType: "CODE", id: credentials.merchantCode },
    timeoutMs: 10_000,
  };
  return {
    ...server,
    config,
    credentials,
    transactions,
    get tokenCalls() {
      return tokenCalls;
    },
    generateOtp,
    script(msisdn: string, customer: OrangeCustomer) {
      customers.set(msisdn, customer);
    },
    /** Orange finishes a payment it had left pending. */
    settle(transactionId: string, status: "SUCCESS" | "FAILED") {
      transactions.get(transactionId)!.status = status;
    },
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
  };
}

export type OrangeMoneyFake = Awaited<ReturnType<typeof startOrangeMoneyFake>>;
