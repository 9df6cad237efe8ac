import { randomBytes, randomUUID } from "node:crypto";
import type { MtnMomoConfig } from "@/lib/gateways/mtn-momo/mtn-momo-config";
import { deliver, sendJson, startFakeServer, type Recorded } from "./fake-http";

// A local MTN MoMo Open API (Collection + Disbursement) speaking what docs/operators.md records:
// token endpoints checking Basic apiUser:apiKey and the product's Ocp-Apim-Subscription-Key;
// requesttopay / transfer checking the Bearer token, X-Target-Environment, a UUID v4
// X-Reference-Id (409 RESOURCE_ALREADY_EXIST on a repeat) and the body, answering 202; status
// reads answering PENDING / SUCCESSFUL / FAILED with a reason; and the callback, unsigned, sent
// once (or not, twice, late, or with a wrong amount) to X-Callback-Url as a PUT (or POST).
// The customer's behaviour is scripted per MSISDN; infrastructure faults with failNext().

export type MtnCustomer = "approve" | "decline" | "insufficient_funds" | "never_answers";
export type MtnCallbackMode = "once" | "none" | "duplicate" | "mismatched_amount";

export type MtnScript = {
  customer?: MtnCustomer;
  callback?: MtnCallbackMode;
  /** Extra wait before the callback (a callback after our expiry). */
  callbackDelayMs?: number;
  callbackMethod?: "PUT" | "POST";
};

type Transaction = {
  product: "collection" | "disbursement";
  referenceId: string;
  body: { amount: string; currency: string; externalId: string; payerMessage?: string; payeeNote?: string; payer?: unknown; payee?: unknown };
  partyId: string;
  answerAt: number;
  customer: MtnCustomer;
  financialTransactionId: string;
};

const credentials = {
  apiUser: "c72025f5-5cd1-4630-99e4-8ba4722fad56",
  apiKey: "fake-mtn-api-key-0123456789",
  subscriptionKey: "fake-mtn-collection-subscription-key",
  disbursementSubscriptionKey: "fake-mtn-disbursement-subscription-key",
  targetEnvironment: "mtnivorycoast",
};

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export async function startMtnMomoFake(options: { tokenLifetimeSeconds?: number; answerAfterMs?: number; port?: number } = {}) {
  const tokens = new Map<string, { product: string; expiresAt: number }>();
  const transactions = new Map<string, Transaction>();
  const scripts = new Map<string, MtnScript>();
  const tokenCalls = { collection: 0, disbursement: 0 };
  const callbacks: { url: string; method: string; body: string; status: number | null }[] = [];
  const answerAfterMs = options.answerAfterMs ?? 0;

  const keyOf = (product: string) => (product === "collection" ? credentials.subscriptionKey : credentials.disbursementSubscriptionKey);

  function authorize(request: Recorded, product: string): { status: number; body: unknown } | null {
    if (request.headers["ocp-apim-subscription-key"] !== keyOf(product)) {
      return { status: 401, body: { statusCode: 401, message: "Access denied due to invalid subscription key." } };
    }
    const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ""))?.[1];
    const known = token ? tokens.get(token) : undefined;
    if (!known || known.product !== product || known.expiresAt < Date.now()) {
      return { status: 401, body: { statusCode: 401, message: "Access denied due to invalid or expired token." } };
    }
    if (request.headers["x-target-environment"] !== credentials.targetEnvironment) {
      return { status: 400, body: { code: "NOT_ALLOWED_TARGET_ENVIRONMENT", message: "Target environment not allowed." } };
    }
    return null;
  }

  function view(tx: Transaction, overrideAmount?: string) {
    const answered = Date.now() >= tx.answerAt;
    const status =
      !answered || tx.customer === "never_answers" ? "PENDING" : tx.customer === "approve" ? "SUCCESSFUL" : "FAILED";
    const party = tx.product === "collection" ? { payer: tx.body.payer } : { payee: tx.body.payee };
    return {
      ...(status === "SUCCESSFUL" ? { financialTransactionId: tx.financialTransactionId } : {}),
      externalId: tx.body.externalId,
      amount: overrideAmount ?? tx.body.amount,
      currency: tx.body.currency,
      ...party,
      payerMessage: tx.body.payerMessage,
      payeeNote: tx.body.payeeNote,
      status,
      ...(status === "FAILED" ? { reason: tx.customer === "decline" ? "APPROVAL_REJECTED" : "NOT_ENOUGH_FUNDS" } : {}),
    };
  }

  function scheduleCallback(tx: Transaction, url: string) {
    const script = scripts.get(tx.partyId) ?? {};
    const mode = script.callback ?? "once";
    if (mode === "none" || tx.customer === "never_answers") return;
    const method = script.callbackMethod ?? "PUT";
    const send = async () => {
      const body = JSON.stringify(view(tx, mode === "mismatched_amount" ? "1" : undefined));
      const status = await deliver(url, method, body);
      callbacks.push({ url, method, body, status });
    };
    setTimeout(async () => {
      await send();
      if (mode === "duplicate") await send();
    }, answerAfterMs + (script.callbackDelayMs ?? 0)).unref();
  }

  const server = await startFakeServer(
    async (request, res) => {
      const token = /^\/(collection|disbursement)\/token\/$/.exec(request.path);
      if (token && request.method === "POST") {
        const product = token[1] as "collection" | "disbursement";
        tokenCalls[product]++;
        const basic = Buffer.from(`${credentials.apiUser}:${credentials.apiKey}`).toString("base64");
        if (request.headers.authorization !== `Basic ${basic}`) return sendJson(res, 401, { error: "login_failed" });
        if (request.headers["ocp-apim-subscription-key"] !== keyOf(product)) {
          return sendJson(res, 401, { statusCode: 401, message: "Access denied due to invalid subscription key." });
        }
        const accessToken = randomBytes(24).toString("base64url");
        const lifetime = options.tokenLifetimeSeconds ?? 3600;
        tokens.set(accessToken, { product, expiresAt: Date.now() + lifetime * 1000 });
        return sendJson(res, 200, { access_token: accessToken, token_type: "access_token", expires_in: lifetime });
      }

      const create =
        request.path === "/collection/v1_0/requesttopay"
          ? ("collection" as const)
          : request.path === "/disbursement/v1_0/transfer"
            ? ("disbursement" as const)
            : null;
      if (create && request.method === "POST") {
        const refused = authorize(request, create);
        if (refused) return sendJson(res, refused.status, refused.body);
        const referenceId = String(request.headers["x-reference-id"] ?? "");
        if (!UUID_V4.test(referenceId)) return sendJson(res, 400, { code: "INVALID_REFERENCE_ID", message: "X-Reference-Id must be a UUID v4." });
        if (transactions.has(referenceId)) {
          return sendJson(res, 409, { code: "RESOURCE_ALREADY_EXIST", message: "Duplicated reference id. Creation of resource failed." });
        }
        let body: Transaction["body"];
        try {
          body = JSON.parse(request.body);
        } catch {
          return sendJson(res, 400, { code: "INVALID_REQUEST", message: "Body is not JSON." });
        }
        const party = (create === "collection" ? body.payer : body.payee) as { partyIdType?: string; partyId?: string } | undefined;
        if (
          typeof body.amount !== "string" ||
          !/^\d+(\.\d{1,2})?$/.test(body.amount) ||
          !/^[A-Z]{3}$/.test(String(body.currency)) ||
          party?.partyIdType !== "MSISDN" ||
          !/^\d{8,15}$/.test(String(party.partyId))
        ) {
          return sendJson(res, 400, { code: "INVALID_REQUEST", message: "Request does not follow the specification." });
        }
        const partyId = String(party.partyId);
        const tx: Transaction = {
          product: create,
          referenceId,
          body,
          partyId,
          answerAt: Date.now() + answerAfterMs,
          customer: scripts.get(partyId)?.customer ?? "approve",
          financialTransactionId: String(Math.floor(1e9 + Math.random() * 9e9)),
        };
        transactions.set(referenceId, tx);
        const callbackUrl = request.headers["x-callback-url"];
        if (typeof callbackUrl === "string") scheduleCallback(tx, callbackUrl);
        return sendJson(res, 202);
      }

      const read = /^\/(collection)\/v1_0\/requesttopay\/([^/]+)$|^\/(disbursement)\/v1_0\/transfer\/([^/]+)$/.exec(request.path);
      if (read && request.method === "GET") {
        const product = (read[1] ?? read[3]) as "collection" | "disbursement";
        const refused = authorize(request, product);
        if (refused) return sendJson(res, refused.status, refused.body);
        const tx = transactions.get(read[2] ?? read[4]);
        if (!tx || tx.product !== product) return sendJson(res, 404, { code: "RESOURCE_NOT_FOUND", message: "Requested resource was not found." });
        return sendJson(res, 200, view(tx));
      }
      return sendJson(res, 404, { code: "RESOURCE_NOT_FOUND", message: "No such operation." });
    },
    (request) => request.path.endsWith("/token/"),
    options.port,
  );

  const config: MtnMomoConfig = { baseUrl: server.url, ...credentials, timeoutMs: 10_000 };
  return {
    ...server,
    config,
    credentials,
    tokenCalls,
    transactions,
    callbacks,
    /** What the customer with this MSISDN (digits, no "+") does, and how the callback goes. */
    script(msisdn: string, script: MtnScript) {
      scripts.set(msisdn, script);
    },
    /** Expires every token now (as if their lifetime had passed on MTN's side). */
    expireTokens() {
      for (const token of tokens.values()) token.expiresAt = 0;
    },
    newReferenceId: () => randomUUID(),
  };
}

export type MtnMomoFake = Awaited<ReturnType<typeof startMtnMomoFake>>;
