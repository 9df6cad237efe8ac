import { OperatorNotSentError, OperatorRejectedError, OperatorUnknownOutcomeError } from "./operator-errors";

// How an operator call ended, as the metrics count it (pcs_operator_calls_total's `outcome`):
// - success: the operator answered as asked;
// - refused: it answered no (a 4xx with its own code): a healthy operator;
// - timeout: sent, no answer in time: the outcome is unknown;
// - unknown: sent, the outcome is unknown otherwise (a broken connection, a 5xx, an unreadable answer, 408/429);
// - not_sent: nothing left (no credentials, input it cannot take, a refused connection);
// - circuit_open: not sent because the operator's circuit is open;
// - error: anything else, a bug of ours.
export type OperatorCallOutcome = "success" | "refused" | "timeout" | "unknown" | "not_sent" | "circuit_open" | "error";

export function operatorCallOutcome(error: unknown): OperatorCallOutcome {
  if (error === undefined) return "success";
  if (error instanceof OperatorRejectedError) return "refused";
  if (error instanceof OperatorUnknownOutcomeError) return error.reason === "timeout" ? "timeout" : "unknown";
  if (error instanceof OperatorNotSentError) return error.reason === "circuit_open" ? "circuit_open" : "not_sent";
  return "error";
}
