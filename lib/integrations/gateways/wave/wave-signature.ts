import { createHmac, timingSafeEqual } from "node:crypto";

// Wave's webhook signature, the "signing secret" strategy (docs/operators.md, Wave):
//   Wave-Signature: t=1639081943,v1=942cfb...,v1=...
// v1 = hex HMAC-SHA256 keyed with the webhook secret over the timestamp immediately followed by
// the raw body, with NO separator: what the integrations copying Wave's sample code do (with its
// comments translated), and a TypeScript SDK. A few assume Stripe's "t.body"; they trace back to a
// simulator and a blog. docs.wave.com's own text of it could not be read: UNCONFIRMED there.
// Several v1 values may be present (secret rotation): one match is enough, compared in constant
// time. Our own rule, not Wave's (it documents no window): a timestamp more than 5 minutes from
// our clock is refused, so a captured event cannot be replayed later.

export const WAVE_SIGNATURE_TOLERANCE_SECONDS = 300;

export type WaveSignatureCheck =
  | { valid: true; timestamp: Date }
  | { valid: false; reason: "no_secret" | "missing" | "malformed" | "expired" | "mismatch" };

export function verifyWaveSignature(
  header: string | null | undefined,
  rawBody: string,
  secret: string | null,
  options: { now?: Date; toleranceSeconds?: number } = {},
): WaveSignatureCheck {
  if (!secret) return { valid: false, reason: "no_secret" };
  if (!header) return { valid: false, reason: "missing" };
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === "t") timestamp = value;
    else if (key === "v1") signatures.push(value);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return { valid: false, reason: "malformed" };
  const signedAt = Number(timestamp) * 1000;
  const now = (options.now ?? new Date()).getTime();
  if (Math.abs(now - signedAt) > (options.toleranceSeconds ?? WAVE_SIGNATURE_TOLERANCE_SECONDS) * 1000) {
    return { valid: false, reason: "expired" };
  }
  const expected = createHmac("sha256", secret).update(timestamp + rawBody, "utf8").digest();
  const matches = signatures.some((signature) => {
    if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
    return timingSafeEqual(Buffer.from(signature, "hex"), expected);
  });
  return matches ? { valid: true, timestamp: new Date(signedAt) } : { valid: false, reason: "mismatch" };
}
