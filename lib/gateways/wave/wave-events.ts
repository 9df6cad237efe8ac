import { objectField, stringField } from "@/lib/gateways/operators/operator-http";
import type { OperatorPaymentStatus } from "@/lib/gateways/operators/operator-status";
import { verifyWaveSignature, type WaveSignatureCheck } from "./wave-signature";
import { waveSession, type WaveCheckoutSession } from "./wave-status";

// Wave's webhook events: {"id":"AE_...","type":"checkout.session.completed","data":{<checkout session>}}.
// We act on checkout.session.completed and checkout.session.payment_failed. An event is used only
// after its signature checks out, and even then the settlement must compare the session's
// client_reference, amount and currency with the deposit before believing it.

export const WAVE_CALLBACK_PATH = "/api/operators/wave/callback";

export type WaveCheckoutEvent = {
  /** Wave's event id: the same event may arrive more than once (Wave retries), handle it once. */
  id: string;
  type: "checkout.session.completed" | "checkout.session.payment_failed";
  session: WaveCheckoutSession;
};

export type WaveEventResult =
  | { ok: true; event: WaveCheckoutEvent }
  /** A verified event of a type we do not act on: answer 2xx so Wave stops sending it. */
  | { ok: true; event: null; type: string }
  | { ok: false; reason: Extract<WaveSignatureCheck, { valid: false }>["reason"] | "bad_body" };

/** Verifies then reads one webhook delivery (the raw body as received, before any JSON parsing). */
export function readWaveEvent(
  signatureHeader: string | null | undefined,
  rawBody: string,
  secret: string | null,
  options: { now?: Date } = {},
): WaveEventResult {
  const check = verifyWaveSignature(signatureHeader, rawBody, secret, options);
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
  // A payment_failed event whose session carries no last_payment_error still says the attempt failed.
  const status: OperatorPaymentStatus =
    type === "checkout.session.payment_failed" && session.status.state !== "failed"
      ? { ...session.status, state: "failed", reason: "payment_failed", operatorCode: type }
      : session.status;
  return { ok: true, event: { id, type, session: { ...session, status } } };
}
