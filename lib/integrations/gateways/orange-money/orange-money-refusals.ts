import { OperatorRejectedError } from "@/lib/integrations/gateways/operators/operator-errors";
import { stringField } from "@/lib/integrations/gateways/operators/operator-http";

// What Orange's refusal of a one-step payment (HTTP 400, problem+json {type, title, instance,
// status, code, detail}, `code` a string) means for the customer (docs/operators.md, "error codes").
// Orange's codes come from integrations' tables, not from an official page:
// - the payment's outcome, the deposit fails: 2000 (no such customer account), 2001 (invalid
//   MSISDN), 2020 (insufficient balance);
// - 4099 ("bad request, please check passed parameters"): our request is wrong, the customer's code
//   was never judged: no try spent, the merchant gets 502;
// - what a wrong, used or expired code answers is UNCONFIRMED (no source shows it): any other 400
//   problem+json from onestep is read as Orange refusing the code, one of the customer's tries.
// Every other 4xx (401 after a new token, 403, 404, 405, 415, 429...) is Orange refusing our call
// before looking at the payment: nothing debited, no try spent, 502/503 to the merchant.

const PAYMENT_FAILURES: Record<string, string> = {
  "2000": "customer_account_not_found",
  "2001": "invalid_customer_msisdn",
  "2020": "insufficient_funds",
};

const BAD_PARAMETERS = "4099";

/** Orange refused the customer's code (wrong, used or expired): one of the customer's tries, nothing debited. */
export class OrangeCodeRefusedError extends OperatorRejectedError {
  readonly codeRefused = true;

  constructor(operation: string, operatorCode: string, detail?: string) {
    super("orange-money", operation, 400, operatorCode, detail);
    this.name = "OrangeCodeRefusedError";
  }
}

/** Orange's problem+json body, if the answer is one: its `code` (a string, or a number some send) and `detail`. */
function orangeProblem(text: string): { code: string; detail?: string } | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const code = stringField(body, "code");
  return code ? { code, detail: stringField(body, "detail")?.slice(0, 200) } : null;
}

export type OneStepRefusal =
  /** The payment's outcome: the deposit fails for this reason. */
  | { kind: "payment_failed"; reason: string; operatorCode: string }
  /** Orange refused the customer's code. */
  | { kind: "code_refused"; operatorCode: string; detail?: string };

/** What a 400 from the one-step payment says; null: our request was wrong (4099, or no Orange error body). */
export function oneStepRefusal(text: string): OneStepRefusal | null {
  const problem = orangeProblem(text);
  if (!problem || problem.code === BAD_PARAMETERS) return null;
  const reason = PAYMENT_FAILURES[problem.code];
  return reason ? { kind: "payment_failed", reason, operatorCode: problem.code } : { kind: "code_refused", operatorCode: problem.code, detail: problem.detail };
}
