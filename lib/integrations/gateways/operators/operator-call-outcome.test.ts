import { describe, expect, it } from "vitest";
import { operatorCallOutcome } from "./operator-call-outcome";
import { OperatorNotSentError, OperatorRejectedError, OperatorUnavailableError, OperatorUnknownOutcomeError } from "./operator-errors";

describe("operatorCallOutcome", () => {
  it("maps each way a call ends to its outcome label", () => {
    const cases: [unknown, string][] = [
      [undefined, "success"],
      [new OperatorRejectedError("wave", "create checkout session", 400, "invalid-phone"), "refused"],
      [new OperatorUnknownOutcomeError("mtn-momo", "requesttopay", "timeout", "no answer in 10 s"), "timeout"],
      [new OperatorUnknownOutcomeError("mtn-momo", "requesttopay", "network", "socket hang up"), "unknown"],
      [new OperatorUnknownOutcomeError("mtn-momo", "requesttopay", "server_error", "HTTP 500"), "unknown"],
      [new OperatorUnknownOutcomeError("wave", "create checkout session", "retry_later", "HTTP 429"), "unknown"],
      [new OperatorNotSentError("orange-money", "token", "connection_failed", "ECONNREFUSED"), "not_sent"],
      [new OperatorNotSentError("orange-money", "token", "not_configured", "no credentials"), "not_sent"],
      [new OperatorUnavailableError("wave", "create checkout session", 30), "circuit_open"],
      [new TypeError("a bug of ours"), "error"],
    ];
    for (const [error, outcome] of cases) expect(operatorCallOutcome(error), String(error)).toBe(outcome);
  });
});
