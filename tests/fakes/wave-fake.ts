import { createHmac, randomBytes } from "node:crypto";
import type { WaveConfig } from "@/lib/gateways/wave/wave-config";
import type { ServerResponse } from "node:http";
import { deliver, escapeHtml, sendHtml, sendJson, sleep, startFakeServer, type Recorded } from "./fake-http";

// A local Wave Business API (Checkout + Payout) speaking what docs/operators.md records: Bearer
// API key, Idempotency-Key (a repeated key answers the first result), amounts as strings, checkout
// sessions with wave_launch_url, and webhook events signed in Wave-Signature
// (t=<unix seconds>,v1=<hex HMAC-SHA256 of timestamp + raw body>). The customer's side is driven by
// the test: pay(), fail(), expire(); each sends its event unless told otherwise, with knobs for a
// duplicate, a late delivery, a bad signature, an old timestamp and a mismatched amount. Or by a
// browser: wave_launch_url is a page of this fake with a "Pay with Wave" button (browser tests).

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
  /** "none": no event at all; "duplicate": the same event twice. */
  delivery?: "once" | "none" | "duplicate";
  delayMs?: number;
  badSignature?: boolean;
  /** Sign with a timestamp this many seconds in the past (an old or replayed event). */
  ageSeconds?: number;
  /** Put another amount in the event's session than the one Wave holds. */
  amount?: string;
};

export type WavePayoutOutcome = "succeeded" | "failed" | "processing";

const API_KEY = "wave_ci_prod_fakeKeyForTests0123456789";
const WEBHOOK_SECRET = "wave_ci_WHS_fakeSecretForTests0123456789";

const id = (prefix: string) => `${prefix}-${randomBytes(8).toString("hex")}`;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

export function waveSignature(secret: string, timestamp: number, rawBody: string) {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}${rawBody}`).digest("hex")}`;
}

export async function startWaveFake(options: { port?: number } = {}) {
  const sessions = new Map<string, Session>();
  const payouts = new Map<string, Payout>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const payoutOutcomes = new Map<string, WavePayoutOutcome>();
  const events: { url: string; body: string; signature: string; status: number | null }[] = [];
  let webhookUrl: string | null = null;

  function authorized(request: Recorded) {
    return request.headers.authorization === `Bearer ${API_KEY}`;
  }

  function remember(key: string, scope: string, status: number, body: unknown) {
    idempotent.set(`${scope}:${key}`, { status, body });
  }

  const server = await startFakeServer(async (request, res) => {
    // The customer's side, in a browser: the page wave_launch_url opens (the Wave app's stand-in).
    const launch = /^\/c\/([^/]+)(\/pay)?$/.exec(request.path);
    if (launch) return launchPage(res, request.method, launch[1], Boolean(launch[2]));
    if (!authorized(request)) return sendJson(res, 401, { code: "invalid-auth", message: "Invalid API key." });
    const key = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : undefined;

    if (request.method === "POST" && request.path === "/v1/checkout/sessions") {
      const previous = key ? idempotent.get(`session:${key}`) : undefined;
      if (previous) return sendJson(res, previous.status, previous.body);
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
        when_expires: iso(now + 30 * 60_000),
      };
      sessions.set(sessionId, session);
      if (key) remember(key, "session", 200, session);
      return sendJson(res, 200, session);
    }

    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(request.path);
    if (sessionPath) {
      const session = sessions.get(sessionPath[1]);
      if (!session) return sendJson(res, 404, { code: "not-found", message: "Checkout session not found." });
      if (request.method === "GET" && !sessionPath[2]) return sendJson(res, 200, session);
      if (request.method === "POST" && sessionPath[2]) {
        if (session.checkout_status === "complete") return sendJson(res, 409, { code: "checkout-session-not-open", message: "Session is complete." });
        session.checkout_status = "expired";
        session.when_completed = iso(Date.now());
        return sendJson(res, 200, session);
      }
    }

    if (request.method === "POST" && request.path === "/v1/payout") {
      if (!key) return sendJson(res, 400, { code: "missing-idempotency-key", message: "Idempotency-Key is required." });
      const previous = idempotent.get(`payout:${key}`);
      if (previous) return sendJson(res, previous.status, previous.body);
      const body = JSON.parse(request.body || "{}");
      if (typeof body.receive_amount !== "string" || !/^\+\d{8,15}$/.test(String(body.mobile)) || typeof body.currency !== "string") {
        return sendJson(res, 400, { code: "request-validation-error", message: "Request validation error." });
      }
      const outcome = payoutOutcomes.get(body.mobile) ?? "succeeded";
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
      remember(key, "payout", 200, payout);
      return sendJson(res, 200, payout);
    }

    const payoutPath = /^\/v1\/payout\/([^/]+)$/.exec(request.path);
    if (request.method === "GET" && payoutPath) {
      const payout = payouts.get(payoutPath[1]);
      return payout ? sendJson(res, 200, payout) : sendJson(res, 404, { code: "not-found", message: "Payout not found." });
    }
    return sendJson(res, 404, { code: "not-found", message: "No such endpoint." });
  }, undefined, options.port);

  async function sendEvent(type: string, session: Session, knobs: WaveEventKnobs) {
    const delivery = knobs.delivery ?? "once";
    if (delivery === "none" || !webhookUrl) return;
    const url = webhookUrl;
    const body = JSON.stringify({ id: id("AE_ci"), type, data: { ...session, ...(knobs.amount ? { amount: knobs.amount } : {}) } });
    const timestamp = Math.floor(Date.now() / 1000) - (knobs.ageSeconds ?? 0);
    const signature = waveSignature(knobs.badSignature ? "not-the-secret" : WEBHOOK_SECRET, timestamp, body);
    const send = async () => {
      const status = await deliver(url, "POST", body, { "Wave-Signature": signature });
      events.push({ url, body, signature, status });
    };
    if (knobs.delayMs) await sleep(knobs.delayMs);
    await send();
    if (delivery === "duplicate") await send();
  }

  /**
   * GET: the session's amount and a "Pay" button; POST .../pay: the customer pays, Wave sends its
   * signed checkout.session.completed event (awaited, as Wave notifies before the app returns),
   * then sends the browser to the session's success_url.
   */
  async function launchPage(res: ServerResponse, method: string, sessionId: string, paying: boolean) {
    const found = sessions.get(sessionId);
    if (!found) return sendHtml(res, 404, "<h1>Session not found</h1>");
    if (paying && method === "POST") {
      if (found.checkout_status !== "open") return sendHtml(res, 409, `<h1>Session ${found.checkout_status}</h1>`);
      await pay(sessionId);
      res.writeHead(303, { location: found.success_url }).end();
      return;
    }
    if (method !== "GET" || paying) return sendHtml(res, 405, "<h1>Method not allowed</h1>");
    return sendHtml(
      res,
      200,
      `<h1>Wave (fake)</h1><p>${escapeHtml(found.business_name)}: <strong>${escapeHtml(found.amount)} ${escapeHtml(found.currency)}</strong></p>` +
        `<form method="post" action="/c/${encodeURIComponent(sessionId)}/pay"><button type="submit">Pay with Wave</button></form>`,
    );
  }

  async function pay(sessionId: string, knobs: WaveEventKnobs = {}) {
    const s = session(sessionId);
    Object.assign(s, { checkout_status: "complete", payment_status: "succeeded", transaction_id: `T_${randomBytes(6).toString("hex").toUpperCase()}`, when_completed: iso(Date.now()) });
    await sendEvent("checkout.session.completed", s, knobs);
  }

  function session(sessionId: string) {
    const found = sessions.get(sessionId);
    if (!found) throw new Error(`fake Wave has no session ${sessionId}`);
    return found;
  }

  const config: WaveConfig = { baseUrl: server.url, apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, timeoutMs: 10_000 };
  return {
    ...server,
    config,
    sessions,
    payouts,
    events,
    /** Where the signed events go (our /api/operators/wave/callback in a real setup). */
    sendEventsTo(url: string) {
      webhookUrl = url;
    },
    /** The customer pays in the Wave app: the session completes, then checkout.session.completed. */
    pay,
    /** A payment attempt fails (declined, insufficient funds): checkout.session.payment_failed. */
    async fail(sessionId: string, code: "insufficient-funds" | "payment-failure" = "payment-failure", knobs: WaveEventKnobs = {}) {
      const s = session(sessionId);
      s.last_payment_error = { code, message: code === "insufficient-funds" ? "Insufficient funds." : "Payment failed." };
      await sendEvent("checkout.session.payment_failed", s, knobs);
    },
    /** The session runs out without payment (Wave sends no event for that). */
    expire(sessionId: string) {
      Object.assign(session(sessionId), { checkout_status: "expired", when_completed: iso(Date.now()) });
    },
    scriptPayout(mobile: string, outcome: WavePayoutOutcome) {
      payoutOutcomes.set(mobile, outcome);
    },
  };
}

export type WaveFake = Awaited<ReturnType<typeof startWaveFake>>;
