import { describe, expect, it } from "vitest";
import { createOperatorBreaker, operatorBreaker } from "./circuit-breaker";
import { OperatorNotSentError, OperatorRejectedError, OperatorUnavailableError, OperatorUnknownOutcomeError } from "./operator-errors";

const timeout = () => Promise.reject(new OperatorUnknownOutcomeError("wave", "x", "timeout", "no answer"));
const refusal = () => Promise.reject(new OperatorRejectedError("wave", "x", 400, "request-validation-error"));
const badInput = () => Promise.reject(new OperatorNotSentError("wave", "x", "invalid_request", "bad phone"));
const refused = () => Promise.reject(new OperatorNotSentError("wave", "x", "connection_failed", "ECONNREFUSED"));

describe("operator circuit breaker", () => {
  it("opens on operator failures (timeouts, refused connections) and then fails fast with Retry-After", async () => {
    const breaker = createOperatorBreaker("wave", { volumeThreshold: 4, resetTimeoutMs: 10_000 });
    for (const call of [timeout, refused, timeout, timeout]) await breaker.run("x", call).catch(() => undefined);
    expect(breaker.isOpen).toBe(true);
    let ran = false;
    const error = await breaker
      .run("create checkout session", async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    expect(ran).toBe(false);
    expect(error).toBeInstanceOf(OperatorUnavailableError);
    expect(error).toMatchObject({ operator: "wave", operation: "create checkout session", reason: "circuit_open", retryAfterSeconds: 10 });
  });

  it("does not count the operator's refusals or our own bad input", async () => {
    const breaker = createOperatorBreaker("wave", { volumeThreshold: 2 });
    for (let i = 0; i < 10; i++) {
      await expect(breaker.run("x", refusal)).rejects.toBeInstanceOf(OperatorRejectedError);
      await expect(breaker.run("x", badInput)).rejects.toBeInstanceOf(OperatorNotSentError);
    }
    expect(breaker.isOpen).toBe(false);
    await expect(breaker.run("x", async () => 42)).resolves.toBe(42);
  });

  it("keeps one circuit per operator: Wave's outage does not stop MTN", async () => {
    expect(operatorBreaker("wave")).toBe(operatorBreaker("wave"));
    expect(operatorBreaker("wave")).not.toBe(operatorBreaker("mtn-momo"));
    // And one per MTN country's platform: Cameroon's outage does not stop Côte d'Ivoire.
    expect(operatorBreaker("mtn-momo", "mtncameroon")).toBe(operatorBreaker("mtn-momo", "mtncameroon"));
    expect(operatorBreaker("mtn-momo", "mtncameroon")).not.toBe(operatorBreaker("mtn-momo", "mtnivorycoast"));
    const wave = createOperatorBreaker("wave", { volumeThreshold: 2 });
    const mtn = createOperatorBreaker("mtn-momo", { volumeThreshold: 2 });
    for (let i = 0; i < 3; i++) await wave.run("x", timeout).catch(() => undefined);
    expect(wave.isOpen).toBe(true);
    await expect(mtn.run("x", async () => "ok")).resolves.toBe("ok");
  });
});
