import { Webhook } from "standardwebhooks";
import type { Event as EventJson } from "../types.js";
import { networkReason } from "./network-reason.js";

export type ForwardResult = { status: number | null; durationMs: number; error: string | null };

/** As production: a 2xx within this time is a success. */
const FORWARD_TIMEOUT_MS = 10_000;

/**
 * POSTs one event to the local URL exactly as production delivers it: the same body (the stored
 * payload, which JSON.stringify gives back byte for byte), the event id as webhook-id, and the
 * Standard Webhooks signature with the given secret, by the library that signs real deliveries
 * (standardwebhooks, the SDK's one dependency for webhooks).
 * Sent once: a failure is printed, not retried (trigger the event again, or fetch it with GET
 * /api/v4/events/{id}).
 */
export async function forwardEvent(options: { url: string; event: EventJson; secret: string; fetch?: typeof fetch }): Promise<ForwardResult> {
  const body = JSON.stringify(options.event.payload);
  const at = new Date();
  const headers = {
    "webhook-id": options.event.id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(options.secret).sign(options.event.id, at, body),
  };
  const started = performance.now();
  try {
    const response = await (options.fetch ?? fetch)(options.url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "webhooks-listen", ...headers },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status, durationMs: Math.round(performance.now() - started), error: null };
  } catch (error) {
    return { status: null, durationMs: Math.round(performance.now() - started), error: networkReason(error, FORWARD_TIMEOUT_MS) };
  }
}
