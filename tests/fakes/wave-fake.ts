import { createHmac, randomBytes } from "node:crypto";
import type { WaveConfig, WaveWebhookStrategy } from "@/lib/integrations/gateways/wave/wave-config";
import type { ServerResponse } from "node:http";
import { deliver, escapeHtml, sendHtml, sendJson, sleep, startFakeServer, type Recorded } from "./fake-http";

// A local Wave Business API (Checkout + Payout) playing what docs/operators.md records of Wave,
// with its sources there: Bearer API key; checkout sessions (wave_launch_url, search by
// client_reference, expire, refund); payouts that Wave executes synchronously, with a required
// Idempotency-Key, search by client_reference and Wave's three error body shapes; webhook events
// authenticated by the strategy the webhook was registered with (signing secret: Wave-Signature
// t=<unix seconds>,v1=<hex HMAC-SHA256 of timestamp + raw body>; shared secret: Authorization:
// Bearer <secret>). Where Wave's documentation is unsure the behaviour is a switch (`switches`),
// whose default is the reading worst for us: a retried event keeps the signature of its first
// delivery (redeliver()), a second request with the Idempotency-Key of one Wave is still executing
// is answered 409 (payoutExecutionMs gives a payout that time).
//
// The customer's side is driven by the test: pay(), fail() (the session stays open: the customer
// may try again), expire() (Wave's own expiry, which sends no event); each sends its event unless
// told otherwise, with knobs for a duplicate, a late delivery, a bad signature, an old timestamp
// and a mismatched amount; deliverEvent() sends one again later. Or by a browser: wave_launch_url
// is a page of this fake with "Pay with Wave" and a button for a failed try (browser tests).

type Session = {
  id: string;
  amount: string;
  currency: string;
  client_reference: string | null;
  success_url: string;
  error_url: string;
  restrict_payer_mobile?: string;
  business_name: string;
  checkout_status: "open" | "complete" | "expired";
  payment_status: "processing" | "cancelled" | "succeeded";
  last_payment_error: { code: string; message: string } | null;
  transaction_id?: string;
  wave_launch_url: string;
  when_created: string;
  when_expires: string;
  when_completed?: string;
};

type Payout = {
  id: string;
  currency: string;
  receive_amount: string;
  fee: string;
  mobile: string;
  name?: string;
  client_reference?: string;
  payment_reason?: string;
  status: "processing" | "succeeded" | "failed" | "reversed";
  payout_error?: { error_code: string; error_message: string };
  timestamp: string;
};

export type WaveEventKnobs = {
  /** "none": no event at all; "duplicate": the same event twice; "lost": signed, but its first delivery never reached us (redeliver() sends it again). */
  delivery?: "once" | "none" | "duplicate" | "lost";
  delayMs?: number;
  /** Sign (or authenticate) with another secret than the webhook's. */
  badSignature?: boolean;
  /** Sign with a timestamp this many seconds in the past (an old or replayed event). */
  ageSeconds?: number;
  /** Sign `t + "." + body` (Stripe's scheme, which some integrations assume) instead of Wave's `t + body`. */
  dotSignature?: boolean;
  /** Put another amount in the event's session than the one Wave holds. */
  amount?: string;
};

/** "refused": Wave answers 4xx with an execution error ({error_code, error_message}) and makes nothing. */
export type WavePayoutOutcome = "succeeded" | "failed" | "processing" | "refused";

/** Behaviours Wave's documentation leaves unsure (docs/operators.md, "UNCONFIRMED"): each one a switch. */
export type WaveSwitches = {
  /** After a failed try the session stays `open` (the simulator; "last" payment error) or becomes `complete` (one paraphrase of the docs). */
  failedTry: "stays_open" | "completes";
  /** `payment_status` after a failed try: `cancelled` (the simulator) or still `processing`. */
  failedTryPaymentStatus: "cancelled" | "processing";
  /** `POST .../expire` on a session already expired: 409 (the skill) or 200 (the simulator). */
  expireExpired: 409 | 200;
  /** A second `POST .../refund` of the same session: 200 and no second refund (the skill: idempotent) or `checkout-refund-failed`. */
  secondRefund: "idempotent" | "refused";
  /** `Idempotency-Key` on `POST /v1/checkout/sessions` is not documented: ignored (a second session) or honoured (the first one again). */
  checkoutIdempotencyKey: "ignored" | "honoured";
  /** How long payout idempotency keys are kept is not documented: "forgotten" makes a repeated key a new payout. */
  payoutKeys: "kept" | "forgotten";
  /**
   * A second request with the Idempotency-Key of a payout Wave is still executing (undocumented: only
   * "never sends money more than once" is): 409 Conflict with the fake's own code `request-in-progress`,
   * or it waits for the first and answers the same payout.
   */
  concurrentKey: "conflict" | "waits";
  /** Whether a retried event keeps the Wave-Signature of its first delivery (its timestamp included) or is signed again when sent (undocumented). */
  redeliverySignature: "original" | "fresh";
};

/** One event Wave made, and each delivery of it (the receiver's answer; null: not reached or never sent). */
export type WaveEventDelivery = { id: string; url: string; body: string; headers: Record<string, string>; status: number | null };

const API_KEY = "wave_ci_prod_fakeKeyForTests0123456789";
const WEBHOOK_SECRET = "wave_ci_WHS_fakeSecretForTests0123456789";

const id = (prefix: string) => `${prefix}-${randomBytes(8).toString("hex")}`;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
/** A JSON body with its keys sorted: what "the same request content" means for an idempotency key. */
const canonical = (body: Record<string, unknown>) => JSON.stringify(Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b))));

/** Wave-Signature for a body: HMAC-SHA256 keyed with the secret over timestamp + raw body (no separator). */
export function waveSignature(secret: string, timestamp: number, rawBody: string, separator = "") {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}${separator}${rawBody}`).digest("hex")}`;
}

export async function startWaveFake(options: { port?: number; webhookStrategy?: WaveWebhookStrategy } = {}) {
  const sessions = new Map<string, Session>();
  const payouts = new Map<string, Payout>();
  const checkoutKeys = new Map<string, string>();
  const payoutKeys = new Map<string, { content: string; payoutId: string }>();
  const payoutOutcomes = new Map<string, WavePayoutOutcome>();
  /** The refunds Wave made, per session: a second one would be money given back twice. */
  const refunds = new Map<string, number>();
  const events: WaveEventDelivery[] = [];
  /** Payouts Wave is executing, by Idempotency-Key: what a concurrent request with that key meets. */
  const executing = new Map<string, Promise<void>>();
  const timing = { payoutExecutionMs: 0 };
  const switches: WaveSwitches = {
    failedTry: "stays_open",
    failedTryPaymentStatus: "cancelled",
    expireExpired: 409,
    secondRefund: "idempotent",
    checkoutIdempotencyKey: "ignored",
    payoutKeys: "kept",
    concurrentKey: "conflict",
    redeliverySignature: "original",
  };
  let webhookUrl: string | null = null;

  function authorized(request: Recorded) {
    return request.headers.authorization === `Bearer ${API_KEY}`;
  }

  const server = await startFakeServer(async (request, res) => {
    // The customer's side, in a browser: the page wave_launch_url opens (the Wave app's stand-in).
    const launch = /^\/c\/([^/]+)(?:\/(pay|fail))?$/.exec(request.path);
    if (launch) return launchPage(res, request.method, launch[1], launch[2] as "pay" | "fail" | undefined);
    if (!authorized(request)) return sendJson(res, 401, { code: "invalid-auth", message: "Invalid API key." });
    const key = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : undefined;

    if (request.method === "POST" && request.path === "/v1/checkout/sessions") return createSession(request, res, key);
    if (request.method === "GET" && request.path === "/v1/checkout/sessions/search") {
      const reference = request.url.searchParams.get("client_reference");
      if (!reference) return sendJson(res, 400, { code: "request-validation-error", message: "client_reference is required." });
      return sendJson(res, 200, { result: [...sessions.values()].filter((s) => s.client_reference === reference) });
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(?:\/(expire|refund))?$/.exec(request.path);
    if (sessionPath) {
      const session = sessions.get(sessionPath[1]);
      if (!session) return sendJson(res, 404, { code: "checkout-session-not-found", message: "Checkout session not found." });
      if (request.method === "GET" && !sessionPath[2]) return sendJson(res, 200, session);
      if (request.method === "POST" && sessionPath[2] === "expire") return expireSession(session, res);
      if (request.method === "POST" && sessionPath[2] === "refund") return refundSession(session, res);
    }

    if (request.method === "POST" && request.path === "/v1/payout") return createPayout(request, res, key);
    if (request.method === "GET" && request.path === "/v1/payouts/search") {
      const reference = request.url.searchParams.get("client_reference");
      if (!reference) return sendJson(res, 400, { code: "request-validation-error", message: "client_reference is required." });
      return sendJson(res, 200, { result: [...payouts.values()].filter((p) => p.client_reference === reference) });
    }
    const payoutPath = /^\/v1\/payout\/([^/]+)$/.exec(request.path);
    if (request.method === "GET" && payoutPath) {
      const payout = payouts.get(payoutPath[1]);
      return payout ? sendJson(res, 200, payout) : sendJson(res, 404, { code: "not-found", message: "Payout not found." });
    }
    return sendJson(res, 404, { code: "not-found", message: "No such endpoint." });
  }, undefined, options.port);

  function createSession(request: Recorded, res: ServerResponse, key: string | undefined) {
    const previous = key && switches.checkoutIdempotencyKey === "honoured" ? checkoutKeys.get(key) : undefined;
    if (previous) return sendJson(res, 200, sessions.get(previous));
    const body = JSON.parse(request.body || "{}");
    if (typeof body.amount !== "string" || !/^\d+(\.\d+)?$/.test(body.amount) || typeof body.currency !== "string" || !body.success_url || !body.error_url) {
      return sendJson(res, 400, { code: "request-validation-error", message: "Request validation error." });
    }
    if (body.currency === "XOF" && body.amount.includes(".")) {
      return sendJson(res, 400, { code: "request-validation-error", message: "XOF amounts have no decimals." });
    }
    const now = Date.now();
    const sessionId = id("cos");
    const session: Session = {
      id: sessionId,
      amount: body.amount,
      currency: body.currency,
      client_reference: body.client_reference ?? null,
      success_url: body.success_url,
      error_url: body.error_url,
      ...(body.restrict_payer_mobile ? { restrict_payer_mobile: body.restrict_payer_mobile } : {}),
      business_name: "Fake Merchant",
      checkout_status: "open",
      payment_status: "processing",
      last_payment_error: null,
      wave_launch_url: `${server.url}/c/${sessionId}`,
      when_created: iso(now),
      // A real session's lifetime (Wave-event-sample: created 16:55:44, expires 17:25:44).
      when_expires: iso(now + 30 * 60_000),
    };
    sessions.set(sessionId, session);
    if (key) checkoutKeys.set(key, sessionId);
    return sendJson(res, 200, session);
  }

  /** 200 with an empty body once closed; 409 when it is complete (the code is a guess); already expired: a switch. */
  function expireSession(session: Session, res: ServerResponse) {
    if (session.checkout_status === "complete") return sendJson(res, 409, { code: "checkout-session-conflict", message: "Checkout session is complete." });
    if (session.checkout_status === "expired") {
      return switches.expireExpired === 200 ? sendJson(res, 200) : sendJson(res, 409, { code: "checkout-session-conflict", message: "Checkout session is expired." });
    }
    Object.assign(session, { checkout_status: "expired", when_completed: iso(Date.now()) });
    return sendJson(res, 200);
  }

  /** The whole payment back (fees included), 200 with an empty body; `checkout-refund-failed` when there is nothing to refund. */
  function refundSession(session: Session, res: ServerResponse) {
    const refused = { code: "checkout-refund-failed", message: "Checkout session cannot be refunded." };
    if (session.payment_status !== "succeeded") return sendJson(res, 400, refused);
    const made = refunds.get(session.id) ?? 0;
    if (made > 0) return switches.secondRefund === "idempotent" ? sendJson(res, 200) : sendJson(res, 400, refused);
    refunds.set(session.id, made + 1);
    return sendJson(res, 200);
  }

  async function createPayout(request: Recorded, res: ServerResponse, key: string | undefined) {
    if (!key) return sendJson(res, 400, { code: "request-validation-error", message: "An 'Idempotency-Key' header is required for POST requests" });
    const first = executing.get(key);
    if (first && switches.concurrentKey === "conflict") {
      return sendJson(res, 409, { code: "request-in-progress", message: "A request with this idempotency key is being processed." });
    }
    await first;
    const body = JSON.parse(request.body || "{}");
    const content = canonical(body);
    const known = switches.payoutKeys === "kept" ? payoutKeys.get(key) : undefined;
    if (known) {
      if (known.content !== content) {
        return sendJson(res, 409, {
          code: "idempotency-mismatch",
          message: "You submitted a request with an idempotency key already used in a previous request, but the content does not match.",
        });
      }
      return sendJson(res, 200, payouts.get(known.payoutId));
    }
    if (typeof body.receive_amount !== "string" || typeof body.currency !== "string") {
      return sendJson(res, 400, { code: "request-validation-error", message: "Request invalid" });
    }
    if (!/^\+\d{8,15}$/.test(String(body.mobile))) return sendJson(res, 400, { error: "request-validation-error", message: "Invalid phone number." });
    const outcome = payoutOutcomes.get(body.mobile) ?? "succeeded";
    if (outcome === "refused") return sendJson(res, 400, { error_code: "insufficient-funds", error_message: "Insufficient funds in wallet." });
    // Executed synchronously: the answer comes when Wave is done (FR-DOCS, "Créer un paiement").
    let done = () => {};
    executing.set(key, new Promise<void>((resolve) => (done = resolve)));
    await sleep(timing.payoutExecutionMs);
    executing.delete(key);
    done();
    const payout: Payout = {
      id: id("pt"),
      currency: body.currency,
      receive_amount: body.receive_amount,
      fee: "10",
      mobile: body.mobile,
      ...(body.name ? { name: body.name } : {}),
      ...(body.client_reference ? { client_reference: body.client_reference } : {}),
      ...(body.payment_reason ? { payment_reason: body.payment_reason } : {}),
      status: outcome,
      ...(outcome === "failed" ? { payout_error: { error_code: "recipient-limit-exceeded", error_message: "Recipient limit exceeded." } } : {}),
      timestamp: iso(Date.now()),
    };
    payouts.set(payout.id, payout);
    payoutKeys.set(key, { content, payoutId: payout.id });
    return sendJson(res, 200, payout);
  }

  /** Sends one event the way the webhook's strategy says; the receiver's answer is recorded, not acted on. */
  async function sendEvent(type: string, session: Session, knobs: WaveEventKnobs) {
    const delivery = knobs.delivery ?? "once";
    if (delivery === "none" || !webhookUrl) return;
    const url = webhookUrl;
    const eventId = id("AE_ci");
    const body = JSON.stringify({ id: eventId, type, data: { ...session, ...(knobs.amount ? { amount: knobs.amount } : {}) } });
    const headers = eventHeaders(body, knobs);
    if (delivery === "lost") return void events.push({ id: eventId, url, body, headers, status: null });
    const send = async () => {
      const status = await deliver(url, "POST", body, headers);
      events.push({ id: eventId, url, body, headers, status });
    };
    if (knobs.delayMs) await sleep(knobs.delayMs);
    await send();
    if (delivery === "duplicate") await send();
  }

  /** How the webhook's strategy authenticates a body: Bearer secret, or Wave-Signature over timestamp + body. */
  function eventHeaders(body: string, knobs: WaveEventKnobs): Record<string, string> {
    const secret = knobs.badSignature ? "wave_ci_WHS_notTheSecret" : WEBHOOK_SECRET;
    if (config.webhookStrategy === "shared_secret") return { Authorization: `Bearer ${secret}` };
    return { "Wave-Signature": waveSignature(secret, Math.floor(Date.now() / 1000) - (knobs.ageSeconds ?? 0), body, knobs.dotSignature ? "." : "") };
  }

  /** Wave retries an event (the same id and body): with its first delivery's headers, or signed again now (switch `redeliverySignature`). */
  async function redeliver(eventId: string) {
    const original = events.find((event) => event.id === eventId);
    if (!original) throw new Error(`fake Wave sent no event ${eventId}`);
    const headers = switches.redeliverySignature === "original" ? original.headers : eventHeaders(original.body, {});
    const status = await deliver(original.url, "POST", original.body, headers);
    events.push({ ...original, headers, status });
  }

  /**
   * GET: the session's amount, "Pay with Wave" and a failed try. POST .../pay: the customer pays,
   * Wave sends its event (awaited, as Wave notifies before the app returns), then sends the browser
   * to the session's success_url. POST .../fail: the try fails for want of funds; the session stays
   * open and the page is shown again (the customer may top up and pay).
   */
  async function launchPage(res: ServerResponse, method: string, sessionId: string, action: "pay" | "fail" | undefined) {
    const found = sessions.get(sessionId);
    if (!found) return sendHtml(res, 404, "<h1>Session not found</h1>");
    if (action && method === "POST") {
      if (found.checkout_status !== "open") return sendHtml(res, 409, `<h1>Session ${found.checkout_status}</h1>`);
      if (action === "fail") {
        await fail(sessionId, "insufficient-funds");
        res.writeHead(303, { location: `/c/${encodeURIComponent(sessionId)}` }).end();
        return;
      }
      await pay(sessionId);
      res.writeHead(303, { location: found.success_url }).end();
      return;
    }
    if (method !== "GET" || action) return sendHtml(res, 405, "<h1>Method not allowed</h1>");
    const path = `/c/${encodeURIComponent(sessionId)}`;
    return sendHtml(
      res,
      200,
      `<h1>Wave (fake)</h1><p>${escapeHtml(found.business_name)}: <strong>${escapeHtml(found.amount)} ${escapeHtml(found.currency)}</strong></p>` +
        (found.last_payment_error ? `<p role="alert">${escapeHtml(found.last_payment_error.message)}</p>` : "") +
        `<form method="post" action="${path}/pay"><button type="submit">Pay with Wave</button></form>` +
        `<form method="post" action="${path}/fail"><button type="submit">Try with too little money</button></form>`,
    );
  }

  function openSession(sessionId: string) {
    const found = session(sessionId);
    // Wave's launch page refuses a session that is no longer open: it cannot be paid or tried.
    if (found.checkout_status !== "open") throw new Error(`fake Wave: session ${sessionId} is ${found.checkout_status}, the customer cannot pay it`);
    return found;
  }

  async function pay(sessionId: string, knobs: WaveEventKnobs = {}) {
    const s = openSession(sessionId);
    Object.assign(s, { checkout_status: "complete", payment_status: "succeeded", transaction_id: `T_${randomBytes(6).toString("hex").toUpperCase()}`, when_completed: iso(Date.now()) });
    await sendEvent("checkout.session.completed", s, knobs);
  }

  async function fail(sessionId: string, code: "insufficient-funds" | "payment-failure" | "blocked-account" = "payment-failure", knobs: WaveEventKnobs = {}) {
    const s = openSession(sessionId);
    s.last_payment_error = { code, message: code === "insufficient-funds" ? "Insufficient funds." : "Payment failed." };
    s.payment_status = switches.failedTryPaymentStatus;
    if (switches.failedTry === "completes") Object.assign(s, { checkout_status: "complete", payment_status: "cancelled", when_completed: iso(Date.now()) });
    await sendEvent("checkout.session.payment_failed", s, knobs);
  }

  function session(sessionId: string) {
    const found = sessions.get(sessionId);
    if (!found) throw new Error(`fake Wave has no session ${sessionId}`);
    return found;
  }

  const config: WaveConfig = {
    baseUrl: server.url,
    apiKey: API_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookStrategy: options.webhookStrategy ?? "signing_secret",
    timeoutMs: 10_000,
  };
  return {
    ...server,
    config,
    sessions,
    payouts,
    refunds,
    events,
    switches,
    timing,
    /** Where the events go (our /api/operators/wave/callback in a real setup). */
    sendEventsTo(url: string) {
      webhookUrl = url;
    },
    /** The webhook registered again with the other strategy: events authenticate that way from now on. */
    useWebhookStrategy(strategy: WaveWebhookStrategy) {
      config.webhookStrategy = strategy;
    },
    /** The customer pays in the Wave app: the session completes, then checkout.session.completed. */
    pay,
    /** A try fails (declined, insufficient funds): checkout.session.payment_failed; the session stays open (switch `failedTry`). */
    fail,
    redeliver,
    /** Sends a new event about a session (another event id), late or with a knob: a bad signature, an old timestamp, another amount. */
    async deliverEvent(sessionId: string, type: "checkout.session.completed" | "checkout.session.payment_failed", knobs: WaveEventKnobs = {}) {
      await sendEvent(type, session(sessionId), knobs);
    },
    /** The session runs out without payment (Wave sends no event for that). */
    expire(sessionId: string) {
      Object.assign(openSession(sessionId), { checkout_status: "expired", when_completed: iso(Date.now()) });
    },
    scriptPayout(mobile: string, outcome: WavePayoutOutcome) {
      payoutOutcomes.set(mobile, outcome);
    },
    /** A payout Wave left processing reaches its end. */
    settlePayout(payoutId: string, status: "succeeded" | "failed") {
      const payout = payouts.get(payoutId);
      if (!payout) throw new Error(`fake Wave has no payout ${payoutId}`);
      payout.status = status;
      if (status === "failed") payout.payout_error = { error_code: "recipient-account-blocked", error_message: "Recipient account blocked." };
    },
  };
}

export type WaveFake = Awaited<ReturnType<typeof startWaveFake>>;
