import { createPublicKey } from "node:crypto";
import { verifyMessageSignature, type SignatureCheck, type SignedMessage, type VerificationKey } from "./http-message-signature";
import type { PawapayCallbackKey } from "./pawapay-config";

// pawaPay's signed callbacks (docs/operators-pawapay.md, "Signed callbacks"): RFC 9421 with a
// Content-Digest of the body (sha-256 or sha-512), Signature and Signature-Input under one label
// ("sig-pp" in pawaPay's sample), covering "@method" "@authority" "@path" "signature-date"
// "content-digest" "content-type", with alg, keyid, created and expires. We require the
// method, the path and the body's digest to be covered: a signature that leaves the body out
// proves nothing about the payment it names.
//
// How long a signature is good for is ours: pawaPay retries a callback for about 15 minutes
// (its builders' guide; UNCONFIRMED whether a retry is signed again), so up to 20 minutes old is
// accepted, and never past its own `expires`. A callback is never trusted for the outcome anyway:
// a valid one only prompts a status read.

export const PAWAPAY_REQUIRED_COMPONENTS = ["@method", "@path", "content-digest"] as const;
export const PAWAPAY_SIGNATURE_MAX_AGE_SECONDS = 20 * 60;

/** Our configured callback keys as node keys; a PEM that does not parse is left out (and logged by the caller's config check). */
export function pawapayVerificationKeys(keys: PawapayCallbackKey[]): VerificationKey[] {
  return keys.flatMap(({ keyId, pem }) => {
    try {
      return [{ keyId, key: createPublicKey(pem) }];
    } catch {
      return [];
    }
  });
}

export function verifyPawapayCallback(message: SignedMessage, keys: PawapayCallbackKey[], now: Date = new Date()): SignatureCheck {
  return verifyMessageSignature(message, pawapayVerificationKeys(keys), {
    now,
    requiredComponents: PAWAPAY_REQUIRED_COMPONENTS,
    maxAgeSeconds: PAWAPAY_SIGNATURE_MAX_AGE_SECONDS,
  });
}
