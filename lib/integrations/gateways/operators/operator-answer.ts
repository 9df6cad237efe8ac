import { toMajor } from "@/lib/core/domain/money";
import type { GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import { OperatorNotSentError, OperatorRejectedError, OperatorUnknownOutcomeError } from "./operator-errors";

// What the operator last said about a payment, in a few words for support and `npm run reconcile`
// ("SUCCESSFUL", "HTTP 404 RESOURCE_NOT_FOUND", "timeout"). Never a credential or a header: operator
// errors carry none, and anything else is cut to its message's first 120 characters.

export function operatorAnswer(answer: GatewayOutcome | unknown): string {
  if (answer instanceof OperatorRejectedError) return `HTTP ${answer.httpStatus}${answer.operatorCode ? ` ${answer.operatorCode}` : ""}`;
  if (answer instanceof OperatorUnknownOutcomeError) return answer.httpStatus ? `HTTP ${answer.httpStatus} (outcome unknown)` : `${answer.reason} (outcome unknown)`;
  if (answer instanceof OperatorNotSentError) return `not sent: ${answer.reason}`;
  if (answer instanceof Error) return `error: ${answer.message.slice(0, 120)}`;
  const outcome = answer as GatewayOutcome;
  if (outcome && typeof outcome === "object" && "status" in outcome) {
    if (outcome.said) return outcome.said;
    return outcome.status === "failed" ? `failed: ${outcome.reason}` : outcome.status;
  }
  return "unknown";
}

/**
 * Why a success the operator reports completes nothing: its figures differ from ours ("amount
 * mismatch: operator 1 XOF, ours 5150 XOF"), or it reported no amount we can read ("operator ?
 * XOF"); null only when they agree. A reported amount without a currency is compared in ours.
 * Where the operator's documented answer carries no amount because it is bound to our request
 * (Orange's status read, Wave's session refund), the adapter reports the figures it asked for.
 */
export function amountMismatch(outcome: { amountMinor?: bigint; currency?: string }, ours: { amountMinor: bigint; currency: string }): string | null {
  const currency = outcome.currency ?? ours.currency;
  if (currency === ours.currency && outcome.amountMinor === ours.amountMinor) return null;
  const theirs = outcome.amountMinor === undefined ? "?" : String(toMajor(outcome.amountMinor, currency));
  return `amount mismatch: operator ${theirs} ${currency}, ours ${toMajor(ours.amountMinor, ours.currency)} ${ours.currency}`;
}
