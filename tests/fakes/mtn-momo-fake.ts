import { randomBytes, randomUUID } from "node:crypto";
import type { MtnMomoConfig } from "@/lib/integrations/gateways/mtn-momo/mtn-momo-config";
import { deliver, sendJson, startFakeServer, type Recorded } from "./fake-http";

// A local MTN MoMo Open API (Collection + Disbursement) playing what MTN documents, with the
// awkward cases MTN's own pages and SDKs describe; each behaviour's source is in docs/operators.md
// ("The MTN fake"), and what MTN leaves unsaid is a switch:
// - accounts: one API user + key per country ("grant access to the wallet system in a specific
//   country"), a subscription key per product, a target environment each; tokens, requests and
//   reads are checked against the account that holds the token;
// - requesttopay / transfer / refund: X-Reference-Id a UUID v4, 409 RESOURCE_ALREADY_EXIST on a
//   repeat, 202 once validated; the error table's answers (500 NOT_ALLOWED_TARGET_ENVIRONMENT,
//   INVALID_CURRENCY, ...) and "500 after recording" by serverErrorNext(); the sandbox takes EUR only;
// - status reads: PENDING / SUCCESSFUL / FAILED with a reason, the amount normalised ("5.0" -> "5"),
//   404 RESOURCE_NOT_FOUND for what it has not recorded, including a request recorded a moment
//   after its answer (script recordedAfterMs), for as long as a test likes (Infinity, then show());
// - what a resend of a request MTN recorded while answering 500 gets: the same 500 again by
//   default (MTN documents 409 only for a reused id, never after its own 500), or 409 (our
//   unconfirmed assumption), per settings.resendAfterRecorded500;
// - the callback to X-Callback-Url: once, unsigned, no retry, as a PUT or a POST.
// The customer's behaviour is scripted per MSISDN; HTTP faults with failNext() (fake-http.ts).
// Not MTN's API: POST /_customer/{msisdn}/approve, the customer approving late the prompts still
// on their phone, for a browser test that runs this fake in another process (approveWaiting()).

export type MtnCustomer = "approve" | "decline" | "insufficient_funds" | "never_answers";
/** "duplicate": the older callback page's retries; "mismatched_amount": the callback (only) says "1". */
export type MtnCallbackMode = "once" | "none" | "duplicate" | "mismatched_amount";
/** A refund of this customer's payment: paid, FAILED (the disbursement account short), or left PENDING. */
export type MtnRefundOutcome = "succeed" | "fail" | "never_answers";

export type MtnScript = {
  customer?: MtnCustomer;
  /** How long after the request is recorded the customer answers (default: the fake's answerAfterMs). */
  answerAfterMs?: number;
  /**
   * MTN records the request this long after answering it: its status read is 404 until then
   * (UNCONFIRMED delay, no bound documented). Infinity: until the test calls show().
   */
  recordedAfterMs?: number;
  /** The status read and the callback report this amount instead of the one requested. */
  reportedAmount?: string;
  callback?: MtnCallbackMode;
  /** Extra wait before the callback (a callback after our expiry). */
  callbackDelayMs?: number;
  callbackMethod?: "PUT" | "POST";
  refund?: MtnRefundOutcome;
};

/** One MTN account: an API user and its key for one country, a subscription key per product, a target environment. */
export type MtnAccount = {
  apiUser: string;
  apiKey: string;
  subscriptionKey: string;
  disbursementSubscriptionKey: string;
  targetEnvironment: string;
};

/** What MTN answers the next create call (requesttopay, transfer, refund) instead of 202. */
export type MtnPostError = {
  status: number;
  /** MTN's code in its {code, message} body; none: a bare error. */
  code?: string;
  /** true: MTN recorded the request and processes it, only its answer is the error. false: refused before recording. */
  recorded: boolean;
};

type Kind = "collection" | "transfer" | "refund";
type Product = "collection" | "disbursement";
type Outcome = { status: "SUCCESSFUL" } | { status: "FAILED"; reason: string } | { status: "PENDING" };

type Body = {
  amount: string;
  currency: string;
  externalId: string;
  payerMessage?: string;
  payeeNote?: string;
  payer?: { partyIdType?: string; partyId?: string };
  payee?: { partyIdType?: string; partyId?: string };
  referenceIdToRefund?: string;
};

type Transaction = {
  kind: Kind;
  product: Product;
  account: MtnAccount;
  referenceId: string;
  body: Body;
  /** The customer's MSISDN: the payer, the payee, or (a refund) the refunded payment's payer. */
  partyId: string;
  recordedAt: number;
  answerAt: number;
  outcome: Outcome;
  reportedAmount?: string;
  financialTransactionId: string;
  callbackUrl?: string;
  /** MTN's 500 to the POST that recorded it ("500 after recording"): what a resend may get again. */
  lostAnswer?: MtnPostError;
};

export const MTN_FAKE_ACCOUNT: MtnAccount = {
  apiUser: "c72025f5-5cd1-4630-99e4-8ba4722fad56",
  apiKey: "fake-mtn-api-key-0123456789",
  subscriptionKey: "fake-mtn-collection-subscription-key",
  disbursementSubscriptionKey: "fake-mtn-disbursement-subscription-key",
  targetEnvironment: "mtnivorycoast",
};

/** Another country's account, with credentials of its own. */
export function mtnFakeAccount(name: string, targetEnvironment: string): MtnAccount {
  return {
    apiUser: randomUUID(),
    apiKey: `fake-mtn-${name}-api-key-${randomBytes(6).toString("hex")}`,
    subscriptionKey: `fake-mtn-${name}-collection-key`,
    disbursementSubscriptionKey: `fake-mtn-${name}-disbursement-key`,
    targetEnvironment,
  };
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

const CREATE: Record<string, { kind: Kind; product: Product }> = {
  "/collection/v1_0/requesttopay": { kind: "collection", product: "collection" },
  "/disbursement/v1_0/transfer": { kind: "transfer", product: "disbursement" },
  "/disbursement/v1_0/refund": { kind: "refund", product: "disbursement" },
};
const READ = /^(\/collection\/v1_0\/requesttopay|\/disbursement\/v1_0\/transfer|\/disbursement\/v1_0\/refund)\/([^/]+)$/;

const error = (code: string, message: string) => ({ code, message });
const NOT_FOUND = error("RESOURCE_NOT_FOUND", "Requested resource was not found.");

/** MTN reads amounts back without trailing zeros: "5.0" -> "5" (MTN's JS SDK docs). */
export function normalisedAmount(amount: string): string {
  const match = /^(\d+)(?:\.(\d*?)0*)?$/.exec(amount);
  if (!match) return amount;
  return match[2] ? `${match[1]}.${match[2]}` : match[1];
}

/** A validated amount ("10.5", "1500") in hundredths, exactly. */
const hundredths = (amount: string) => {
  const [whole, fraction = ""] = amount.split(".");
  return BigInt(whole + fraction.padEnd(2, "0"));
};

export async function startMtnMomoFake(
  options: {
    tokenLifetimeSeconds?: number;
    answerAfterMs?: number;
    port?: number;
    /** The accounts MTN knows (default: one, Côte d'Ivoire's); the first is `config`. */
    accounts?: MtnAccount[];
  } = {},
) {
  const accounts = options.accounts ?? [MTN_FAKE_ACCOUNT];
  const tokens = new Map<string, { account: MtnAccount; product: Product; expiresAt: number }>();
  const transactions = new Map<string, Transaction>();
  const scripts = new Map<string, MtnScript>();
  const postErrors: MtnPostError[] = [];
  const tokenCalls = { collection: 0, disbursement: 0 };
  const callbacks: { url: string; method: string; body: string; status: number | null }[] = [];
  const answerAfterMs = options.answerAfterMs ?? 0;
  // The switches for what MTN leaves unsaid (docs/operators.md); tests may change them.
  const settings = {
    /** The sandbox's answer to a currency other than EUR: 500 INVALID_CURRENCY (error table) or its 400 row. */
    sandboxCurrencyStatus: 500 as 400 | 500,
    /** A refund of no successful payment of this account, or of more than is left of it: refused at once (400), or accepted then FAILED. */
    invalidRefund: "refused" as "refused" | "failed",
    /**
     * A resend (same X-Reference-Id) of a request MTN recorded while answering 500: the same 500
     * again (default: MTN documents 409 only for a reused id, and a store of answers replays its
     * first one), or 409 RESOURCE_ALREADY_EXIST (our unconfirmed assumption).
     */
    resendAfterRecorded500: "same_error" as "same_error" | "conflict",
  };

  const keyOf = (account: MtnAccount, product: Product) => (product === "collection" ? account.subscriptionKey : account.disbursementSubscriptionKey);

  function authorize(request: Recorded, product: Product): { account: MtnAccount } | { status: number; body: unknown } {
    const token = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ""))?.[1];
    const known = token ? tokens.get(token) : undefined;
    if (!known || request.headers["ocp-apim-subscription-key"] !== keyOf(known.account, product)) {
      return { status: 401, body: { statusCode: 401, message: "Access denied due to invalid subscription key." } };
    }
    if (known.product !== product || known.expiresAt < Date.now()) {
      return { status: 401, body: { statusCode: 401, message: "Access denied due to invalid or expired token." } };
    }
    // MTN's error table: 500 NOT_ALLOWED_TARGET_ENVIRONMENT, "Access to target environment is forbidden".
    if (request.headers["x-target-environment"] !== known.account.targetEnvironment) {
      return { status: 500, body: error("NOT_ALLOWED_TARGET_ENVIRONMENT", "Access to target environment is forbidden.") };
    }
    return { account: known.account };
  }

  function outcomeOf(kind: Kind, script: MtnScript): Outcome {
    if (kind === "refund") {
      const refund = script.refund ?? "succeed";
      if (refund === "never_answers") return { status: "PENDING" };
      return refund === "succeed" ? { status: "SUCCESSFUL" } : { status: "FAILED", reason: "NOT_ENOUGH_FUNDS" };
    }
    const customer = script.customer ?? "approve";
    if (customer === "never_answers") return { status: "PENDING" };
    if (customer === "approve") return { status: "SUCCESSFUL" };
    return { status: "FAILED", reason: customer === "decline" ? "APPROVAL_REJECTED" : "NOT_ENOUGH_FUNDS" };
  }

  const statusOf = (tx: Transaction): Outcome => (Date.now() >= tx.answerAt ? tx.outcome : { status: "PENDING" });

  function view(tx: Transaction, amount = tx.reportedAmount ?? tx.body.amount) {
    const outcome = statusOf(tx);
    const party =
      tx.kind === "collection" ? { payer: tx.body.payer } : tx.kind === "transfer" ? { payee: tx.body.payee } : { payee: { partyIdType: "MSISDN", partyId: tx.partyId } };
    return {
      ...(outcome.status === "SUCCESSFUL" ? { financialTransactionId: tx.financialTransactionId } : {}),
      externalId: tx.body.externalId,
      amount: normalisedAmount(amount),
      currency: tx.body.currency,
      ...party,
      payerMessage: tx.body.payerMessage,
      payeeNote: tx.body.payeeNote,
      status: outcome.status,
      ...(outcome.status === "FAILED" ? { reason: outcome.reason } : {}),
    };
  }

  function scheduleCallback(tx: Transaction, script: MtnScript) {
    const mode = script.callback ?? "once";
    const url = tx.callbackUrl;
    // Not recorded yet (until show()): MTN calls back once it has processed the request.
    if (!url || mode === "none" || tx.outcome.status === "PENDING" || !Number.isFinite(tx.answerAt)) return;
    const method = script.callbackMethod ?? "PUT";
    const send = async () => {
      const body = JSON.stringify(view(tx, mode === "mismatched_amount" ? "1" : undefined));
      const status = await deliver(url, method, body);
      callbacks.push({ url, method, body, status });
    };
    // Once, whatever our answer: "no retry on the callback if the Partner system does not respond".
    setTimeout(async () => {
      await send();
      if (mode === "duplicate") await send();
    }, tx.answerAt - Date.now() + (script.callbackDelayMs ?? 0)).unref();
  }

  /**
   * The customer approves now the prompts still waiting on their phone (a script's never_answers):
   * MTN reads them SUCCESSFUL from now on and calls back. Returns how many there were.
   */
  function approveWaiting(msisdn: string): number {
    const waiting = [...transactions.values()].filter((tx) => tx.kind === "collection" && tx.partyId === msisdn && tx.outcome.status === "PENDING");
    for (const tx of waiting) {
      tx.outcome = { status: "SUCCESSFUL" };
      tx.answerAt = Math.max(Date.now(), tx.recordedAt);
      scheduleCallback(tx, scripts.get(msisdn) ?? {});
    }
    return waiting.length;
  }

  /** Why MTN would not take this body (400), or null. */
  function invalidBody(kind: Kind, body: Body): string | null {
    if (typeof body.amount !== "string" || !/^\d+(\.\d{1,2})?$/.test(body.amount) || !/^[A-Z]{3}$/.test(String(body.currency))) return "amount or currency";
    if (typeof body.externalId !== "string") return "externalId";
    if (kind === "refund") return typeof body.referenceIdToRefund === "string" ? null : "referenceIdToRefund";
    const party = kind === "collection" ? body.payer : body.payee;
    return party?.partyIdType === "MSISDN" && /^\d{8,15}$/.test(String(party.partyId)) ? null : "party";
  }

  /** The payment a refund gives back, or why it cannot (a reason of MTN's failure list). */
  function refunded(account: MtnAccount, body: Body): Transaction | { reason: string } {
    const payment = transactions.get(String(body.referenceIdToRefund));
    if (!payment || payment.kind !== "collection" || payment.account !== account || statusOf(payment).status !== "SUCCESSFUL") {
      return { reason: "TRANSACTION_NOT_FOUND" };
    }
    const given = [...transactions.values()]
      .filter((tx) => tx.kind === "refund" && tx.body.referenceIdToRefund === payment.referenceId && tx.outcome.status !== "FAILED")
      .reduce((sum, tx) => sum + hundredths(tx.body.amount), 0n);
    if (body.currency !== payment.body.currency || hundredths(body.amount) > hundredths(payment.body.amount) - given) return { reason: "NOT_ALLOWED" };
    return payment;
  }

  async function create(request: Recorded, res: Parameters<typeof sendJson>[0], kind: Kind, product: Product) {
    const authorized = authorize(request, product);
    if (!("account" in authorized)) return sendJson(res, authorized.status, authorized.body);
    const { account } = authorized;
    if (postErrors[0] && !postErrors[0].recorded) return sendPostError(res, postErrors.shift()!, "Fake MTN refusal.");
    const referenceId = String(request.headers["x-reference-id"] ?? "");
    if (!UUID_V4.test(referenceId)) return sendJson(res, 400, error("INVALID_REFERENCE_ID", "X-Reference-Id must be a UUID v4."));
    const known = transactions.get(referenceId);
    if (known?.lostAnswer && settings.resendAfterRecorded500 === "same_error") return sendPostError(res, known.lostAnswer, "Fake MTN error after recording.");
    if (known) return sendJson(res, 409, error("RESOURCE_ALREADY_EXIST", "Duplicated reference id. Creation of resource failed."));
    let body: Body;
    try {
      body = JSON.parse(request.body);
    } catch {
      return sendJson(res, 400, error("INVALID_REQUEST", "Body is not JSON."));
    }
    if (invalidBody(kind, body)) return sendJson(res, 400, error("INVALID_REQUEST", "Request does not follow the specification."));
    // "The currency used in Sandbox is EUR"; another is refused (500 INVALID_CURRENCY, or the 400 row).
    if (account.targetEnvironment === "sandbox" && body.currency !== "EUR") {
      return sendJson(res, settings.sandboxCurrencyStatus, error("INVALID_CURRENCY", "Currency not supported on the requested account."));
    }
    let partyId = String((kind === "collection" ? body.payer : body.payee)?.partyId);
    let outcome: Outcome | null = null;
    if (kind === "refund") {
      const payment = refunded(account, body);
      if ("reason" in payment) {
        if (settings.invalidRefund === "refused") return sendJson(res, 400, error("REFUND_NOT_ALLOWED", `Fake MTN: ${payment.reason}.`));
        outcome = { status: "FAILED", reason: payment.reason };
      } else {
        partyId = payment.partyId;
      }
    }
    const script = scripts.get(partyId) ?? {};
    const recordedAt = Date.now() + (script.recordedAfterMs ?? 0);
    const tx: Transaction = {
      kind,
      product,
      account,
      referenceId,
      body,
      partyId,
      recordedAt,
      answerAt: recordedAt + (script.answerAfterMs ?? answerAfterMs),
      outcome: outcome ?? outcomeOf(kind, script),
      reportedAmount: script.reportedAmount,
      financialTransactionId: String(Math.floor(1e9 + Math.random() * 9e9)),
      ...(typeof request.headers["x-callback-url"] === "string" ? { callbackUrl: request.headers["x-callback-url"] } : {}),
    };
    transactions.set(referenceId, tx);
    scheduleCallback(tx, script);
    // "500 after recording": the request was taken, only the answer says otherwise.
    const lost = postErrors[0]?.recorded ? postErrors.shift()! : null;
    if (!lost) return sendJson(res, 202);
    tx.lostAnswer = lost;
    return sendPostError(res, lost, "Fake MTN error after recording.");
  }

  function sendPostError(res: Parameters<typeof sendJson>[0], answer: MtnPostError, message: string) {
    return sendJson(res, answer.status, answer.code ? error(answer.code, message) : { message: "fake operator fault" });
  }

  const server = await startFakeServer(
    async (request, res) => {
      const token = /^\/(collection|disbursement)\/token\/$/.exec(request.path);
      if (token && request.method === "POST") {
        const product = token[1] as Product;
        tokenCalls[product]++;
        const account = accounts.find(
          (candidate) => request.headers.authorization === `Basic ${Buffer.from(`${candidate.apiUser}:${candidate.apiKey}`).toString("base64")}`,
        );
        if (!account) return sendJson(res, 401, { error: "login_failed" });
        if (request.headers["ocp-apim-subscription-key"] !== keyOf(account, product)) {
          return sendJson(res, 401, { statusCode: 401, message: "Access denied due to invalid subscription key." });
        }
        const accessToken = randomBytes(24).toString("base64url");
        const lifetime = options.tokenLifetimeSeconds ?? 3600;
        tokens.set(accessToken, { account, product, expiresAt: Date.now() + lifetime * 1000 });
        return sendJson(res, 200, { access_token: accessToken, token_type: "access_token", expires_in: lifetime });
      }

      const approve = /^\/_customer\/(\d{8,15})\/approve$/.exec(request.path);
      if (approve && request.method === "POST") return sendJson(res, 200, { approved: approveWaiting(approve[1]) });

      const creates = CREATE[request.path];
      if (creates && request.method === "POST") return create(request, res, creates.kind, creates.product);

      const read = READ.exec(request.path);
      if (read && request.method === "GET") {
        const { kind, product } = CREATE[read[1]];
        const authorized = authorize(request, product);
        if (!("account" in authorized)) return sendJson(res, authorized.status, authorized.body);
        const tx = transactions.get(read[2]);
        // Another account's payment is not found either: each API user sees its own.
        if (!tx || tx.kind !== kind || tx.account !== authorized.account || Date.now() < tx.recordedAt) return sendJson(res, 404, NOT_FOUND);
        return sendJson(res, 200, view(tx));
      }
      return sendJson(res, 404, error("RESOURCE_NOT_FOUND", "No such operation."));
    },
    (request) => request.path.endsWith("/token/"),
    options.port,
  );

  const configFor = (account: MtnAccount): MtnMomoConfig => ({ baseUrl: server.url, ...account, timeoutMs: 10_000 });
  return {
    ...server,
    config: configFor(accounts[0]),
    configFor,
    accounts,
    credentials: accounts[0],
    settings,
    tokenCalls,
    transactions,
    callbacks,
    /** What the customer with this MSISDN (digits, no "+") does, and how MTN records and calls back. */
    script(msisdn: string, script: MtnScript) {
      scripts.set(msisdn, script);
    },
    /** MTN answers the next `count` create calls (requesttopay, transfer, refund) with this error. */
    serverErrorNext(answer: MtnPostError, count = 1) {
      for (let i = 0; i < count; i++) postErrors.push(answer);
    },
    /** Drops the serverErrorNext answers no create call has met yet; returns how many there were. */
    clearServerErrors: () => postErrors.splice(0).length,
    /** MTN shows a request it recorded with `recordedAfterMs` still running (Infinity): from now on its reads find it, and its callback goes. */
    show(referenceId: string) {
      const tx = transactions.get(referenceId);
      if (!tx) throw new Error(`fake MTN has no request ${referenceId}`);
      const script = scripts.get(tx.partyId) ?? {};
      tx.recordedAt = Date.now();
      tx.answerAt = tx.recordedAt + (script.answerAfterMs ?? answerAfterMs);
      scheduleCallback(tx, script);
    },
    approveWaiting,
    /** Expires every token now (as if their lifetime had passed on MTN's side). */
    expireTokens() {
      for (const token of tokens.values()) token.expiresAt = 0;
    },
    newReferenceId: () => randomUUID(),
  };
}

export type MtnMomoFake = Awaited<ReturnType<typeof startMtnMomoFake>>;
