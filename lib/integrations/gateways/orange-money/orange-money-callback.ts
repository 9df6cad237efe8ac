import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { stringField } from "@/lib/integrations/gateways/operators/operator-http";
import type { OrangeMoneyCallbackConfig } from "./orange-money-config";

// Orange's merchant callback (docs/operators.md, "merchant callback"): Orange POSTs the transaction
// object (the same as in the search) to the URL registered with POST
// /api/notification/v1/merchantcallback, with
// - `Authorization: Basic <apiKey>`: the apiKey given at registration, sent back as it is (not
//   base64 of anything); confirmed in production by one integration;
// - `X-Sonatel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` over "{t},{raw body}", keyed with
//   the endpoint secret Sonatel issues: quoted from the v1.1.0 specification by two integrations,
//   never seen in production (the one production integration got no secret). Several v1 may come
//   during a rotation: one match suffices. Checked only when a secret is configured;
// - `X-Sonatel-Idempotency-Key`: deliveries are at least once (logged; a repeat only reads again).
// The body is never trusted: it only names the payment whose status we then read.

/** How old (or how far ahead) a signature's timestamp may be: 5 minutes, as the integrations check. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export type OrangeCallback =
  | { ok: false; reason: string }
  | { ok: true; reference: string | null; transactionId: string | null; idempotencyKey: string | null };

/** Equal strings in constant time whatever their lengths (digests compared, never the secrets' lengths). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function signatureValid(header: string | null, bodyText: string, secret: string, now: Date): boolean {
  if (!header) return false;
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = parts.find(([key]) => key === "t")?.[1];
  const signatures = parts.filter(([key, value]) => key === "v1" && value).map(([, value]) => value);
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp},${bodyText}`, "utf8").digest("hex");
  return signatures.some((signature) => sameSecret(signature.toLowerCase(), expected));
}

/**
 * Authenticates one callback and says which payment it names. Refused (401 to Orange) without our
 * apiKey configured, without the right `Authorization`, or, with an endpoint secret configured,
 * without a valid fresh signature.
 */
export function readOrangeCallback(headers: Headers, bodyText: string, config: OrangeMoneyCallbackConfig | null, now = new Date()): OrangeCallback {
  if (!config) return { ok: false, reason: "ORANGE_MONEY_CALLBACK_API_KEY is not set: nothing can authenticate it" };
  if (!sameSecret(headers.get("authorization") ?? "", `Basic ${config.apiKey}`)) return { ok: false, reason: "not the registered apiKey" };
  if (config.signingSecret && !signatureValid(headers.get("x-sonatel-signature"), bodyText, config.signingSecret, now)) {
    return { ok: false, reason: "X-Sonatel-Signature missing, stale or wrong" };
  }
  let body: unknown = null;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = null;
  }
  return {
    ok: true,
    reference: stringField(body, "reference") ?? null,
    transactionId: stringField(body, "transactionId") ?? null,
    idempotencyKey: headers.get("x-sonatel-idempotency-key"),
  };
}
