import { stringField } from "@/lib/integrations/gateways/operators/operator-http";
import type { SignatureCheck, SignedMessage } from "./http-message-signature";
import type { PawapayCallbackKey } from "./pawapay-config";
import { verifyPawapayCallback } from "./pawapay-signature";

// A callback from pawaPay (POSTed once a deposit, payout or refund is final, and for redirect
// flows while it is processing): its signature is checked first, then only the id is taken from
// it. Its status, amount and failure are never trusted: the receiver reads the status by that id
// (GET /v2/{kind}s/{id}), as for every other operator.

export type PawapayCallbackKind = "deposit" | "payout" | "refund";
export type PawapayCallbackRead =
  | { accepted: true; kind: PawapayCallbackKind; id: string }
  | { accepted: false; reason: Extract<SignatureCheck, { valid: false }>["reason"] | "bad_body" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readPawapayCallback(message: SignedMessage, keys: PawapayCallbackKey[], now: Date = new Date()): PawapayCallbackRead {
  const check = verifyPawapayCallback(message, keys, now);
  if (!check.valid) return { accepted: false, reason: check.reason };
  let body: unknown;
  try {
    body = JSON.parse(message.body.toString());
  } catch {
    return { accepted: false, reason: "bad_body" };
  }
  // A refund's object also names the deposit it refunds (depositId): its own id decides what it is.
  const kind = (["refund", "payout", "deposit"] as const).find((candidate) => stringField(body, `${candidate}Id`) !== undefined);
  const ids = kind ? [{ kind, id: stringField(body, `${kind}Id`)! }] : [];
  // A payout names no other id; one of ours in form.
  if (ids.length !== 1 || !UUID.test(ids[0].id) || (kind === "payout" && stringField(body, "depositId") !== undefined)) return { accepted: false, reason: "bad_body" };
  return { accepted: true, ...ids[0] };
}
