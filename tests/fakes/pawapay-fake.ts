import { createHash, generateKeyPairSync, randomUUID, sign, type KeyObject } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { PawapayConfig } from "@/lib/integrations/gateways/pawapay/pawapay-config";
import { deliver, sendJson, sleep, startFakeServer, type Recorded } from "./fake-http";

// A local pawaPay Merchant API v2 playing what pawaPay documents, each behaviour with its page
// (docs/operators.md, "pawaPay"; docs/operators-pawapay.md has the full list and what stays UNCONFIRMED):
// - Bearer token on every call; 401 NO_AUTHENTICATION without one, 403 AUTHENTICATION_ERROR for a
//   wrong one [v2/docs/failure_codes];
// - POST /v2/deposits, /v2/payouts, /v2/refunds: answered 200 ACCEPTED, or REJECTED with a
//   failureReason {failureCode, failureMessage}, or DUPLICATE_IGNORED for an id it already has
//   ("idempotent ... safe to submit a request with the same depositId multiple times")
//   [v2/api-reference/deposits/initiate-deposit, payouts/initiate-payout]; bad input is 400
//   INVALID_PARAMETER / MISSING_PARAMETER [v2/docs/failure_codes];
// - GET /v2/{deposits,payouts,refunds}/{id}: {status: FOUND, data} or {status: NOT_FOUND}, data
//   carrying status, amount, currency, country, payer/recipient, providerTransactionId,
//   failureReason, clientReferenceId [v2/api-reference/deposits/check-deposit-status];
// - a record shown late (script shownAfterMs): NOT documented, a modelled assumption. pawaPay's
//   implementation guide has the status read tell whether a request was received "even if no
//   response was received" [docs.pawapay.io/implementation], and states no lag. Modelled because
//   a read that briefly misses an accepted record is the pessimistic case: a client taking that
//   NOT_FOUND as "never received" would fail or resend a payment pawaPay holds; our NOT_FOUND
//   grace and same-id resends must survive it;
// - statuses: ACCEPTED, then SUBMITTED ("submitted to the MMO and is being processed") until
//   COMPLETED or FAILED, for deposits, payouts and refunds [v1 guides docs.pawapay.io/deposits,
//   /payouts, /refunds; v2/docs/test_numbers lists numbers left SUBMITTED, which v1's
//   testing_the_api calls "NO CALLBACK (stuck in SUBMITTED state)"]; the
//   kit's and the dashboard's PROCESSING and IN_RECONCILIATION are never produced here (the client
//   reads every non-final word as pending: pawapay-status.test.ts). Payouts wait ENQUEUED while
//   their provider is DELAYED ("Payouts are being enqueued and will be processed once the problems
//   have been resolved") [v2/api-reference/toolkit/availability; docs.pawapay.io/payouts,
//   "Enqueued payouts"]; CLOSED rejects with PROVIDER_TEMPORARILY_UNAVAILABLE ("all requests are
//   being rejected"; "we stop accepting payments to those MMOs") [v2/api-reference/toolkit/
//   availability, docs.pawapay.io/implementation "MMO stability", v2/docs/failure_codes];
// - refunds ENQUEUED while DELAYED: NOT documented, a modelled assumption (the availability page
//   speaks of payouts only; the v1 refund statuses list no ENQUEUED [docs.pawapay.io/refunds]).
//   Safe: a refund left waiting with no callback must stay pending and followed, never failed or
//   sent again; a refund pawaPay refused instead is the REJECTED path, tested on its own;
// - a deposit refused (PROVIDER_TEMPORARILY_UNAVAILABLE) while its provider is DELAYED: NOT
//   documented (the availability page names payouts only; the builders' kit says deposits are
//   refused), a modelled assumption. Safe: it makes the tests meet a refusal under an id pawaPay
//   may already hold (a resumed send), which must never be taken for the first send's outcome; a
//   deposit pawaPay took anyway is the ordinary ACCEPTED path;
// - failure codes of the sandbox's test numbers: PAYER_NOT_FOUND, PAYMENT_NOT_APPROVED,
//   INSUFFICIENT_BALANCE, UNSPECIFIED_FAILURE (deposits), RECIPIENT_NOT_FOUND (payouts), and a
//   number left SUBMITTED with no callback (script customer "never_answers") [v2/docs/test_numbers];
// - refunds name a COMPLETED deposit: NOT_FOUND, INVALID_STATE, AMOUNT_TOO_LARGE,
//   DEPOSIT_ALREADY_REFUNDED, REFUND_IN_PROGRESS [v2/docs/failure_codes; pawaPay builders' kit];
// - GET /v2/availability: [{country, providers: [{provider, operationTypes: [{operationType,
//   status}]}]}] [v2/api-reference/toolkit/availability]; GET /v2/public-key/http: [{id, key}]
//   [v2/api-reference/toolkit/public-keys];
// - callbacks POSTed once final, the object without clientReferenceId, signed per RFC 9421 when
//   signed callbacks are on: Content-Digest sha-512, Signature-Date, Signature-Input
//   sig-pp=("@method" "@authority" "@path" "signature-date" "content-digest" "content-type") with
//   alg, keyid, created, expires, and Signature, by an ECDSA P-256 key whose public half the
//   public-key endpoint lists [v2/docs/signatures, v2/api-reference/deposits/deposit-callback;
//   the header example is from pawaPay's builders' kit]. The signature base is built here by hand,
//   apart from our verifier, so that a mistake there cannot hide behind the same mistake here.
// The customer's side is scripted per phone number (digits, as pawaPay takes them); HTTP faults
// (a 5xx after recording, an answer slower than the client's timeout) with failNext() (fake-http.ts).
// Not pawaPay's API, for a browser test that runs this fake in another process (e2e/serve.ts):
// PUT /_availability/{provider}/{operationType} with {status} (setAvailability()), and
// GET /_deposits?phoneNumber=... -> {received}: how many deposit requests (POST /v2/deposits,
// taken or not) named that payer.

/** What the customer (deposit) or the provider (payout) does: pawaPay's final status and failure code, or nothing ever. */
export type PawapayCustomer = "approve" | "decline" | "insufficient_funds" | "payer_not_found" | "unspecified_failure" | "never_answers";
export type PawapayScript = {
  customer?: PawapayCustomer;
  /** Refused at initiation with this failureCode (HTTP 200, status REJECTED): AMOUNT_OUT_OF_BOUNDS, INVALID_PHONE_NUMBER... */
  reject?: string;
  /** The status read is NOT_FOUND this long after ACCEPTED (Infinity: until show()). */
  shownAfterMs?: number;
  /** How long the customer takes to answer (default: the fake's answerAfterMs). */
  answerAfterMs?: number;
  /** "none": the callback never comes; "duplicate": it comes twice. */
  callback?: "once" | "none" | "duplicate";
  /** The status read reports this amount instead of the one asked. */
  reportedAmount?: string;
};

export type PawapayAvailabilityStatus = "OPERATIONAL" | "DELAYED" | "CLOSED";
type Kind = "deposit" | "payout" | "refund";
type Status = "ACCEPTED" | "ENQUEUED" | "SUBMITTED" | "COMPLETED" | "FAILED";

export type PawapayRecord = {
  kind: Kind;
  id: string;
  status: Status;
  amount: string;
  currency: string;
  country: string;
  provider: string;
  phoneNumber: string;
  clientReferenceId?: string;
  customerMessage?: string;
  depositId?: string;
  created: string;
  shownAt: number;
  providerTransactionId?: string;
  failureCode?: string;
  reportedAmount?: string;
  script: PawapayScript;
};

export type PawapayCallbackDelivery = { id: string; url: string; body: string; headers: Record<string, string>; status: number | null };

const TOKEN = "pawapay-fake-api-token-0123456789";
export const PAWAPAY_FAKE_KEY_ID = "HTTP_EC_P256_KEY:1";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// pawaPay's amount pattern [v2 openapi, per the builders' kit]: no leading zeros, up to 4 decimals.
const AMOUNT = /^([0]|([1-9][0-9]{0,17}))([.][0-9]{0,3}[1-9])?$/;

/** pawaPay's providers of our gateways [v2/docs/providers]: country, currency; none of them takes decimals. */
const PROVIDERS: Record<string, { country: string; currency: string }> = {
  MOOV_BEN: { country: "BEN", currency: "XOF" },
  MTN_MOMO_BEN: { country: "BEN", currency: "XOF" },
  MOOV_BFA: { country: "BFA", currency: "XOF" },
  MTN_MOMO_CIV: { country: "CIV", currency: "XOF" },
  MOOV_CIV: { country: "CIV", currency: "XOF" },
  FREE_SEN: { country: "SEN", currency: "XOF" },
  MTN_MOMO_CMR: { country: "CMR", currency: "XAF" },
  ORANGE_CMR: { country: "CMR", currency: "XAF" },
};

const FAILURE: Record<PawapayCustomer, string | null> = {
  approve: null,
  decline: "PAYMENT_NOT_APPROVED",
  insufficient_funds: "INSUFFICIENT_BALANCE",
  payer_not_found: "PAYER_NOT_FOUND",
  unspecified_failure: "UNSPECIFIED_FAILURE",
  never_answers: null,
};

const failure = (failureCode: string, failureMessage = failureCode) => ({ failureCode, failureMessage });
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** The headers pawaPay puts on a signed callback, built by hand per RFC 9421 §2.5 and RFC 9530. */
export function pawapaySignedHeaders(url: URL, body: string, key: KeyObject, options: { keyId?: string; now?: Date; dsaEncoding?: "ieee-p1363" | "der" } = {}) {
  const now = options.now ?? new Date();
  const created = Math.floor(now.getTime() / 1000);
  const headers = {
    "content-type": "application/json; charset=UTF-8",
    "content-digest": `sha-512=:${createHash("sha512").update(body).digest("base64")}:`,
    "signature-date": now.toISOString(),
  };
  const params = `("@method" "@authority" "@path" "signature-date" "content-digest" "content-type");alg="ecdsa-p256-sha256";keyid="${options.keyId ?? PAWAPAY_FAKE_KEY_ID}";created=${created};expires=${created + 60}`;
  const base = [
    `"@method": POST`,
    `"@authority": ${url.host}`,
    `"@path": ${url.pathname}`,
    `"signature-date": ${headers["signature-date"]}`,
    `"content-digest": ${headers["content-digest"]}`,
    `"content-type": ${headers["content-type"]}`,
    `"@signature-params": ${params}`,
  ].join("\n");
  const signature = sign("sha256", Buffer.from(base), { key, dsaEncoding: options.dsaEncoding ?? "ieee-p1363" }).toString("base64");
  return { ...headers, "signature-input": `sig-pp=${params}`, signature: `sig-pp=:${signature}:` };
}

export async function startPawapayFake(options: { port?: number; answerAfterMs?: number } = {}) {
  const records = new Map<string, PawapayRecord>();
  const scripts = new Map<string, PawapayScript>();
  const availability = new Map<string, PawapayAvailabilityStatus>();
  const callbacks: PawapayCallbackDelivery[] = [];
  const keys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const publicPem = keys.publicKey.export({ type: "spki", format: "pem" }).toString();
  const settings = { signedCallbacks: true, dsaEncoding: "ieee-p1363" as "ieee-p1363" | "der", answerAfterMs: options.answerAfterMs ?? 0 };
  let callbackUrl: string | null = null;
  const pending = new Set<Promise<unknown>>();

  const statusOf = (provider: string, operation: string) => availability.get(`${provider}:${operation}`) ?? "OPERATIONAL";

  const server = await startFakeServer(async (request, res) => {
    if (request.method === "GET" && request.path === "/v2/availability") return availabilityAnswer(request, res);
    const announce = /^\/_availability\/([A-Z_]+)\/(DEPOSIT|PAYOUT|REFUND)$/.exec(request.path);
    if (request.method === "PUT" && announce) return announceAvailability(announce[1], announce[2] as "DEPOSIT" | "PAYOUT" | "REFUND", request, res);
    if (request.method === "GET" && request.path === "/_deposits") return sendJson(res, 200, { received: depositsReceived(request.url.searchParams.get("phoneNumber")) });
    const auth = request.headers.authorization;
    if (!auth) return sendJson(res, 401, { failureReason: failure("NO_AUTHENTICATION") });
    if (auth !== `Bearer ${TOKEN}`) return sendJson(res, 403, { failureReason: failure("AUTHENTICATION_ERROR") });
    if (request.method === "GET" && request.path === "/v2/public-key/http") return sendJson(res, 200, [{ id: PAWAPAY_FAKE_KEY_ID, key: publicPem }]);
    const initiation = /^\/v2\/(deposits|payouts|refunds)$/.exec(request.path);
    if (request.method === "POST" && initiation) return initiate(initiation[1].slice(0, -1) as Kind, request, res);
    const read = /^\/v2\/(deposits|payouts|refunds)\/([^/]+)$/.exec(request.path);
    if (request.method === "GET" && read) {
      const record = records.get(read[2]);
      if (!record || record.kind !== read[1].slice(0, -1) || Date.now() < record.shownAt) return sendJson(res, 200, { status: "NOT_FOUND" });
      return sendJson(res, 200, { status: "FOUND", data: view(record, { reading: true }) });
    }
    return sendJson(res, 404, { failureReason: failure("NOT_FOUND", "No such endpoint") });
  }, undefined, options.port);

  function availabilityAnswer(request: Recorded, res: ServerResponse) {
    const country = request.url.searchParams.get("country");
    const operationType = request.url.searchParams.get("operationType");
    const countries = [...new Set(Object.values(PROVIDERS).map((p) => p.country))].filter((c) => !country || c === country);
    return sendJson(
      res,
      200,
      countries.map((c) => ({
        country: c,
        providers: Object.entries(PROVIDERS)
          .filter(([, p]) => p.country === c)
          .map(([provider]) => ({
            provider,
            operationTypes: ["DEPOSIT", "PAYOUT", "REFUND"]
              .filter((op) => !operationType || op === operationType)
              .map((op) => ({ operationType: op, status: statusOf(provider, op) })),
          })),
      })),
    );
  }

  function announceAvailability(provider: string, operationType: "DEPOSIT" | "PAYOUT" | "REFUND", request: Recorded, res: ServerResponse) {
    let status: unknown;
    try {
      status = (JSON.parse(request.body) as { status?: unknown }).status;
    } catch {
      status = undefined;
    }
    if (!PROVIDERS[provider] || (status !== "OPERATIONAL" && status !== "DELAYED" && status !== "CLOSED")) return sendJson(res, 400, { failureReason: failure("INVALID_PARAMETER") });
    setAvailability(provider, operationType, status);
    return sendJson(res, 200, { provider, operationType, status });
  }

  /** The deposit requests received naming this payer's number (digits; a leading + is dropped). */
  function depositsReceived(phoneNumber: string | null) {
    const wanted = phoneNumber?.replace(/^\+/, "");
    return server.received.filter((r) => {
      if (r.method !== "POST" || r.path !== "/v2/deposits") return false;
      try {
        return (JSON.parse(r.body) as { payer?: { accountDetails?: { phoneNumber?: unknown } } }).payer?.accountDetails?.phoneNumber === wanted;
      } catch {
        return false;
      }
    }).length;
  }

  function setAvailability(provider: string, operationType: "DEPOSIT" | "PAYOUT" | "REFUND", status: PawapayAvailabilityStatus) {
    availability.set(`${provider}:${operationType}`, status);
    // Back to OPERATIONAL: pawaPay's operations team processes what waited [v2/docs/payouts, "Enqueued payouts"].
    if (status !== "OPERATIONAL") return;
    for (const record of records.values()) {
      const op = record.kind === "deposit" ? "DEPOSIT" : record.kind === "payout" ? "PAYOUT" : "REFUND";
      if (record.status === "ENQUEUED" && record.provider === provider && op === operationType) track(proceed(record));
    }
  }

  function initiate(kind: Kind, request: Recorded, res: ServerResponse) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body);
    } catch {
      return sendJson(res, 400, { failureReason: failure("INVALID_INPUT") });
    }
    const idField = `${kind}Id`;
    const id = body[idField];
    if (typeof id !== "string") return sendJson(res, 400, { failureReason: failure("MISSING_PARAMETER", `${idField} is required`) });
    if (!UUID.test(id)) return sendJson(res, 400, { failureReason: failure("INVALID_PARAMETER", `${idField} must be a UUID`) });
    const answer = (status: string, extra: object = {}) => sendJson(res, 200, { [idField]: id, status, ...extra });
    const rejected = (code: string, message?: string) => answer("REJECTED", { failureReason: failure(code, message) });
    if (records.has(id)) return answer("DUPLICATE_IGNORED", { created: records.get(id)!.created });
    return kind === "refund" ? initiateRefund(id, body, answer, rejected, res) : initiateMoney(kind, id, body, answer, rejected, res);
  }

  function initiateMoney(kind: "deposit" | "payout", id: string, body: Record<string, unknown>, answer: (s: string, e?: object) => void, rejected: (c: string, m?: string) => void, res: ServerResponse) {
    const party = (kind === "deposit" ? body.payer : body.recipient) as { type?: unknown; accountDetails?: { phoneNumber?: unknown; provider?: unknown } } | undefined;
    const { amount, currency } = body;
    if (typeof amount !== "string" || typeof currency !== "string" || !party?.accountDetails) {
      return sendJson(res, 400, { failureReason: failure("MISSING_PARAMETER", "amount, currency and the account details are required") });
    }
    const { phoneNumber, provider } = party.accountDetails;
    if (party.type !== "MMO" || typeof phoneNumber !== "string" || typeof provider !== "string" || !AMOUNT.test(amount)) {
      return sendJson(res, 400, { failureReason: failure("INVALID_PARAMETER") });
    }
    if (body.customerMessage !== undefined && !/^[a-zA-Z0-9 ]{4,22}$/.test(String(body.customerMessage))) {
      return sendJson(res, 400, { failureReason: failure("INVALID_PARAMETER", "customerMessage must be 4 to 22 of [a-zA-Z0-9 ]") });
    }
    const known = PROVIDERS[provider];
    if (!known) return rejected("INVALID_PROVIDER");
    if (known.currency !== currency) return rejected("INVALID_CURRENCY");
    if (amount.includes(".")) return rejected("INVALID_AMOUNT", "This provider does not support decimals");
    if (!/^\d{8,15}$/.test(phoneNumber)) return rejected("INVALID_PHONE_NUMBER");
    const operation = kind === "deposit" ? "DEPOSIT" : "PAYOUT";
    const open = statusOf(provider, operation);
    // CLOSED rejects everything; DELAYED enqueues payouts [toolkit/availability]. A deposit while DELAYED is rejected too (modelled, see the header).
    if (open === "CLOSED" || (open === "DELAYED" && kind === "deposit")) return rejected("PROVIDER_TEMPORARILY_UNAVAILABLE");
    const script = scripts.get(phoneNumber) ?? {};
    if (script.reject) return rejected(script.reject);
    const now = Date.now();
    const record: PawapayRecord = {
      kind,
      id,
      status: open === "DELAYED" ? "ENQUEUED" : "ACCEPTED",
      amount,
      currency,
      country: known.country,
      provider,
      phoneNumber,
      clientReferenceId: typeof body.clientReferenceId === "string" ? body.clientReferenceId : undefined,
      customerMessage: typeof body.customerMessage === "string" ? body.customerMessage : undefined,
      created: iso(now),
      shownAt: now + (script.shownAfterMs ?? 0),
      reportedAmount: script.reportedAmount,
      script,
    };
    records.set(id, record);
    answer("ACCEPTED", { created: record.created });
    if (record.status === "ACCEPTED") track(proceed(record));
  }

  function initiateRefund(id: string, body: Record<string, unknown>, answer: (s: string, e?: object) => void, rejected: (c: string, m?: string) => void, res: ServerResponse) {
    const { depositId, amount, currency } = body;
    if (typeof depositId !== "string") return sendJson(res, 400, { failureReason: failure("MISSING_PARAMETER", "depositId is required") });
    if (amount !== undefined && (typeof amount !== "string" || !AMOUNT.test(amount) || typeof currency !== "string")) {
      return sendJson(res, 400, { failureReason: failure("INVALID_PARAMETER") });
    }
    const deposit = records.get(depositId);
    if (!deposit || deposit.kind !== "deposit") return rejected("NOT_FOUND");
    if (deposit.status !== "COMPLETED") return rejected("INVALID_STATE");
    const refunds = [...records.values()].filter((r) => r.kind === "refund" && r.depositId === depositId);
    if (refunds.some((r) => r.status !== "COMPLETED" && r.status !== "FAILED")) return rejected("REFUND_IN_PROGRESS");
    const refunded = refunds.filter((r) => r.status === "COMPLETED").reduce((sum, r) => sum + BigInt(r.amount), 0n);
    const remaining = BigInt(deposit.amount) - refunded;
    if (remaining <= 0n) return rejected("DEPOSIT_ALREADY_REFUNDED");
    if (currency !== undefined && currency !== deposit.currency) return rejected("INVALID_CURRENCY");
    const value = amount === undefined ? remaining : BigInt(amount as string);
    if (value > remaining) return rejected("AMOUNT_TOO_LARGE");
    const open = statusOf(deposit.provider, "REFUND");
    if (open === "CLOSED") return rejected("PROVIDER_TEMPORARILY_UNAVAILABLE");
    const now = Date.now();
    const record: PawapayRecord = {
      ...deposit,
      kind: "refund",
      id,
      depositId,
      status: open === "DELAYED" ? "ENQUEUED" : "ACCEPTED",
      amount: String(value),
      clientReferenceId: typeof body.clientReferenceId === "string" ? body.clientReferenceId : undefined,
      customerMessage: undefined,
      created: iso(now),
      shownAt: now,
      providerTransactionId: undefined,
      failureCode: undefined,
      reportedAmount: undefined,
      script: { customer: "approve" },
    };
    records.set(id, record);
    answer("ACCEPTED", { created: record.created });
    if (record.status === "ACCEPTED") track(proceed(record));
  }

  /** The provider works it: SUBMITTED, then after the customer's answer final (or never: left SUBMITTED), and its callback. */
  async function proceed(record: PawapayRecord) {
    record.status = "SUBMITTED";
    const customer = record.script.customer ?? "approve";
    if (customer === "never_answers") return;
    await sleep(record.script.answerAfterMs ?? settings.answerAfterMs);
    const code = record.kind === "deposit" ? FAILURE[customer] : customer === "payer_not_found" ? "RECIPIENT_NOT_FOUND" : FAILURE[customer];
    if (code) {
      record.status = "FAILED";
      record.failureCode = code;
    } else {
      record.status = "COMPLETED";
      record.providerTransactionId = `PTX${randomUUID().slice(0, 8).toUpperCase()}`;
    }
    const mode = record.script.callback ?? "once";
    if (mode === "none") return;
    await sendCallback(record);
    if (mode === "duplicate") await sendCallback(record);
  }

  function track(work: Promise<unknown>) {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  /** The object as a status read (with clientReferenceId) or a callback (without it) shows it. */
  function view(record: PawapayRecord, { reading }: { reading: boolean }) {
    return {
      [`${record.kind}Id`]: record.id,
      status: record.status,
      amount: record.reportedAmount ?? record.amount,
      currency: record.currency,
      country: record.country,
      [record.kind === "deposit" ? "payer" : "recipient"]: { type: "MMO", accountDetails: { phoneNumber: record.phoneNumber, provider: record.provider } },
      ...(record.customerMessage ? { customerMessage: record.customerMessage } : {}),
      ...(reading && record.clientReferenceId ? { clientReferenceId: record.clientReferenceId } : {}),
      ...(record.depositId ? { depositId: record.depositId } : {}),
      created: record.created,
      ...(record.providerTransactionId ? { providerTransactionId: record.providerTransactionId } : {}),
      ...(record.failureCode ? { failureReason: failure(record.failureCode) } : {}),
    };
  }

  async function sendCallback(record: PawapayRecord) {
    if (!callbackUrl) return;
    const body = JSON.stringify(view(record, { reading: false }));
    const url = new URL(callbackUrl);
    const headers = settings.signedCallbacks
      ? pawapaySignedHeaders(url, body, keys.privateKey, { dsaEncoding: settings.dsaEncoding })
      : { "content-type": "application/json; charset=UTF-8" };
    const delivery: PawapayCallbackDelivery = { id: record.id, url: callbackUrl, body, headers, status: null };
    callbacks.push(delivery);
    delivery.status = await deliver(callbackUrl, "POST", body, headers);
  }

  return {
    ...server,
    config: {
      baseUrl: server.url,
      apiToken: TOKEN,
      callbackKeys: [{ keyId: PAWAPAY_FAKE_KEY_ID, pem: publicPem }],
      countries: null,
      routedGateways: [],
      fees: {},
      timeoutMs: 10_000,
    } satisfies PawapayConfig,
    records,
    callbacks,
    settings,
    /** The key pair the fake signs callbacks with (tests forge with another). */
    keys,
    script(phoneNumber: string, script: PawapayScript) {
      scripts.set(phoneNumber.replace(/^\+/, ""), script);
    },
    setAvailability,
    depositsReceived,
    /** A record shown late becomes visible to status reads now. */
    show(id: string) {
      const record = records.get(id);
      if (record) record.shownAt = Date.now();
    },
    sendCallbacksTo(url: string) {
      callbackUrl = url;
    },
    /** Waits for the fake's own pending work (answers, callbacks). */
    settle: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

export type PawapayFake = Awaited<ReturnType<typeof startPawapayFake>>;

/** The variables that point the app's pawaPay client at the fake (docs/operators-pawapay.md). */
export const pawapayFakeEnv = (fake: PawapayFake): Record<string, string> => ({
  PAWAPAY_BASE_URL: fake.config.baseUrl,
  PAWAPAY_API_TOKEN: fake.config.apiToken,
  PAWAPAY_CALLBACK_PUBLIC_KEY: fake.config.callbackKeys[0].pem,
  PAWAPAY_CALLBACK_KEY_ID: PAWAPAY_FAKE_KEY_ID,
  // A price, so that whatever runs against the fake (the torture suite, the browser journeys) books
  // pawaPay's fee and the reconciliation check counts it (its answers carry none: pawapay-fees.ts).
  PAWAPAY_FEES: "deposit=1.5%,payout=1%,refund=1%",
});
