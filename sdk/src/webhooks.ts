import { Webhook, WebhookVerificationError } from "standardwebhooks";
import type { DepositWebhook, PaymentLinkWebhook, RefundWebhook, TransferWebhook } from "./types.js";

/** Every event the service sends; narrow on `event` ("payment_link.completed", "deposit.failed"...). */
export type WebhookEvent = PaymentLinkWebhook | DepositWebhook | TransferWebhook | RefundWebhook;

/** A webhook whose signature does not verify, or whose timestamp is more than 5 minutes off. Answer 400. */
export class PcsWebhookError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PcsWebhookError";
  }
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function headerRecord(headers: HeaderSource): Record<string, string> {
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) record[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return record;
}

/**
 * Verifies a webhook per Standard Webhooks (the `webhook-id`, `webhook-timestamp` and
 * `webhook-signature` headers) with your webhook secret (`whsec_...`) and returns its typed event.
 * Pass the body exactly as received (the raw string or bytes, before any JSON parsing): a
 * re-serialized body no longer matches its signature. Throws PcsWebhookError for a forged,
 * altered or stale (more than 5 minutes off) webhook. Deduplicate on `webhook-id`, and read the
 * resource back before you ship: a webhook alone is no proof of payment.
 */
export function verifyWebhook(options: { payload: string | Uint8Array; headers: HeaderSource; secret: string }): WebhookEvent {
  const payload = typeof options.payload === "string" ? options.payload : new TextDecoder().decode(options.payload);
  try {
    return new Webhook(options.secret).verify(payload, headerRecord(options.headers)) as WebhookEvent;
  } catch (error) {
    if (error instanceof WebhookVerificationError) throw new PcsWebhookError(error.message, { cause: error });
    throw new PcsWebhookError("The webhook could not be verified", { cause: error });
  }
}
