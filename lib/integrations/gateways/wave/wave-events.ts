import { createHash, timingSafeEqual } from "node:crypto";
import type { GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import { objectField, stringField } from "@/lib/integrations/gateways/operators/operator-http";
import type { WaveWebhookStrategy } from "./wave-config";
import { verifyWaveSignature, type WaveSignatureCheck } from "./wave-signature";
import { waveSession, type WaveCheckoutSession } from "./wave-status";

// Wave's webhook events: {"id":"AE_...","type":"checkout.session.completed","data":{<checkout session>}}.
// We act on checkout.session.completed and checkout.session.payment_failed. An event is used only
// once it is authenticated by the webhook's security strategy (docs.wave.com/webhook):
// - signing_secret: `Wave-Signature: t=<unix s>,v1=<hex>` (wave-signature.ts);
// - shared_secret: `Authorization: Bearer <secret>`, compared in constant time. That strategy has
//   no timestamp, so an event captured in transit could be sent again later: nothing is applied
//   twice (the deposit's transitions are conditional), but signing_secret is the one to choose.
// Even then the settlement compares the session's id, client_reference, amount and currency with
// the deposit before believing it.

export const WAVE_CALLBACK_PATH = "/api/operators/wave/callback";

export type WaveCheckoutEvent = {
  /** Wave's event id: the same event may arrive more than once (Wave retries), handle it once. */
  id: string;
  type: "checkout.session.completed" | "checkout.session.payment_failed";
  session: WaveCheckoutSession;
};

type WaveAuthCheck = { valid: true } | Extract<WaveSignatureCheck, { valid: false }>;
export type WaveEventRefusal = Extract<WaveAuthCheck, { valid: false }>["reason"] | "bad_body";

export type WaveEventResult =
  | { ok: true; event: WaveCheckoutEvent }
  /** An authenticated event of a type we do not act on: answer 2xx so Wave stops sending it. */
  | { ok: true; event: null; type: string }
  | { ok: false; reason: WaveEventRefusal };

/** The headers one delivery came with: Wave-Signature (signing secret) or Authorization (shared secret). */
export type WaveEventHeaders = { signature?: string | null; authorization?: string | null };

export type WaveWebhookSettings = { strategy: WaveWebhookStrategy; secret: string | null };

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** `Authorization: Bearer <secret>`, compared in constant time (over digests, so the length does not show either). */
export function verifyWaveBearer(header: string | null | undefined, secret: string | null): WaveAuthCheck {
  if (!secret) return { valid: false, reason: "no_secret" };
  if (!header) return { valid: false, reason: "missing" };
  const match = /^Bearer (.+)$/.exec(header.trim());
  if (!match) return { valid: false, reason: "malformed" };
  return timingSafeEqual(digest(match[1]), digest(secret)) ? { valid: true } : { valid: false, reason: "mismatch" };
}

/** Authenticates then reads one webhook delivery (the raw body as received, before any JSON parsing). */
export function readWaveEvent(headers: WaveEventHeaders, rawBody: string, webhook: WaveWebhookSettings, options: { now?: Date } = {}): WaveEventResult {
  const check: WaveAuthCheck =
    webhook.strategy === "shared_secret"
      ? verifyWaveBearer(headers.authorization, webhook.secret)
      : verifyWaveSignature(headers.signature, rawBody, webhook.secret, options);
  if (!check.valid) return { ok: false, reason: check.reason };
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: "bad_body" };
  }
  const id = stringField(body, "id");
  const type = stringField(body, "type");
  if (!id || !type) return { ok: false, reason: "bad_body" };
  if (type !== "checkout.session.completed" && type !== "checkout.session.payment_failed") return { ok: true, event: null, type };
  const session = waveSession(objectField(body, "data"));
  if (!session) return { ok: false, reason: "bad_body" };
  return { ok: true, event: { id, type, session: { ...session, outcome: eventOutcome(type, session.outcome) } } };
}

/**
 * The event's outcome is its session's: a payment_failed event on a session still open is a
 * failed try, not a failed payment (the customer may still pay). One whose session carries no
 * last_payment_error still says a try failed.
 */
function eventOutcome(type: WaveCheckoutEvent["type"], outcome: GatewayOutcome): GatewayOutcome {
  if (type === "checkout.session.payment_failed" && outcome.status === "pending" && !outcome.lastTryFailed) {
    return { ...outcome, lastTryFailed: "payment_failed" };
  }
  return outcome;
}
