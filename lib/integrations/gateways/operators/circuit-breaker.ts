import CircuitBreaker from "opossum";
import { log } from "@/lib/core/logging/log";
import { appMetrics } from "@/lib/core/metrics/registry";
import { failSpan, inSpan, SpanKind, type Span } from "@/lib/core/tracing/tracing";
import { logOperatorCall, type OperatorCallRecord } from "./operator-call-log";
import { operatorCallOutcome } from "./operator-call-outcome";
import { isOperatorFailure, OperatorUnavailableError, type OperatorName } from "./operator-errors";

// One circuit per operator, shared by every call to it in this process: when an operator is down,
// its calls time out one after another and each ties up a connection and a customer for ~10 s.
// After enough of them the circuit opens and calls fail at once (the route answers 503 with
// Retry-After) until a single trial call after `resetTimeoutMs` shows the operator is back.
// Only operator failures count (timeouts, 5xx, refused connections): an operator saying "no" to
// one payment is a healthy operator. Uses opossum (a maintained breaker) rather than a hand-rolled one.

export type OperatorBreakerOptions = {
  /** Failure percentage over the rolling window that opens the circuit (default 50). */
  failureThresholdPercentage?: number;
  /** Calls in the window before the circuit may open at all (default 5): one early failure is not an outage. */
  volumeThreshold?: number;
  /** How long the circuit stays open before one trial call (default 30 s). */
  resetTimeoutMs?: number;
  /** The rolling window the percentage is computed over (default 60 s). */
  rollingWindowMs?: number;
  /** The operator's account these calls go to, when it has one per country (MTN's target environment). */
  scope?: string;
  /** Told of every call once it ended (the process-wide circuits log them: operator-call-log.ts). */
  onCall?: (call: OperatorCallRecord) => void;
};

export type OperatorBreaker = {
  /** Runs one call through the circuit; throws OperatorUnavailableError at once while it is open. */
  run<T>(operation: string, call: () => Promise<T>): Promise<T>;
  readonly isOpen: boolean;
  /** Stops its rolling window's timer. */
  shutdown(): void;
};

type Call = () => Promise<unknown>;

export function createOperatorBreaker(operator: OperatorName, options: OperatorBreakerOptions = {}): OperatorBreaker {
  const resetTimeoutMs = options.resetTimeoutMs ?? 30_000;
  const rollingWindowMs = options.rollingWindowMs ?? 60_000;
  const breaker = new CircuitBreaker<[Call], unknown>((call: Call) => call(), {
    // Each call has its own timeout (AbortSignal) so that it is cancelled, not just abandoned.
    timeout: false,
    errorThresholdPercentage: options.failureThresholdPercentage ?? 50,
    volumeThreshold: options.volumeThreshold ?? 5,
    resetTimeout: resetTimeoutMs,
    rollingCountTimeout: rollingWindowMs,
    rollingCountBuckets: 10,
    // true = "not a failure": refusals, bad input of ours, missing credentials.
    errorFilter: (error: unknown) => !isOperatorFailure(error),
  });
  let openedAt = 0;
  // The open-circuits gauge counts this circuit from "open" until "close" (half-open included: its
  // calls are still refused but for the one trial), and no longer once it is shut down.
  const metrics = appMetrics();
  let counted = false;
  const countOpen = (open: boolean) => {
    if (open !== counted) metrics.openCircuits.inc({ operator }, open ? 1 : -1);
    counted = open;
  };
  breaker.on("open", () => {
    openedAt = Date.now();
    countOpen(true);
    log("warn", "operator circuit opened", { operator, resetTimeoutMs });
  });
  breaker.on("halfOpen", () => log("info", "operator circuit half-open: one trial call", { operator }));
  breaker.on("close", () => {
    countOpen(false);
    log("info", "operator circuit closed", { operator });
  });

  /** One call's outcome and duration (pcs_operator_calls_total, pcs_operator_call_duration_seconds). */
  const record = (operation: string, error: unknown, started: number) => {
    const labels = { operator, operation, outcome: operatorCallOutcome(error) };
    const durationMs = performance.now() - started;
    metrics.operatorCalls.inc(labels);
    metrics.operatorDuration.observe(labels, durationMs / 1000);
    options.onCall?.({ ...labels, scope: options.scope ?? null, durationMs, at: new Date() });
  };

  return {
    get isOpen() {
      return breaker.opened || breaker.halfOpen;
    },
    shutdown: () => {
      countOpen(false);
      breaker.shutdown();
    },
    /**
     * One span per call with tracing on ("operator mtn-momo requesttopay"): the operator, the
     * operation, the account's scope (MTN's target environment) and the outcome the metrics
     * count. Never the URL, headers or bodies (credentials, the customer's phone).
     */
    run<T>(operation: string, call: () => Promise<T>): Promise<T> {
      const attributes = { "pcs.operator": operator, "pcs.operator.operation": operation, ...(options.scope ? { "pcs.operator.scope": options.scope } : {}) };
      return inSpan(`operator ${operator} ${operation}`, { kind: SpanKind.CLIENT, attributes }, (span) => runCall(operation, call, span));
    },
  };

  async function runCall<T>(operation: string, call: () => Promise<T>, span: Span | undefined): Promise<T> {
    const started = performance.now();
    try {
      const result = (await breaker.fire(call)) as T;
      record(operation, undefined, started);
      span?.setAttribute("pcs.operator.outcome", "success");
      return result;
    } catch (caught) {
      let error = caught;
      if ((caught as { code?: string }).code === "EOPENBREAKER") {
        const remainingMs = Math.max(openedAt + resetTimeoutMs - Date.now(), 0);
        error = new OperatorUnavailableError(operator, operation, Math.max(1, Math.ceil(remainingMs / 1000)));
      }
      record(operation, error, started);
      const outcome = operatorCallOutcome(error);
      span?.setAttribute("pcs.operator.outcome", outcome);
      // A refusal is a healthy operator's answer; everything else failed.
      if (outcome !== "refused") failSpan(span, outcome);
      throw error;
    }
  }
}

const shared = new Map<string, OperatorBreaker>();

/**
 * The process-wide circuit of an operator (what the clients use unless given one), or of one of
 * its accounts (`scope`: an MTN country's target environment), so an outage of one country's
 * platform does not turn the others away.
 */
export function operatorBreaker(operator: OperatorName, scope?: string): OperatorBreaker {
  const key = scope ? `${operator}:${scope}` : operator;
  let breaker = shared.get(key);
  if (!breaker) {
    breaker = createOperatorBreaker(operator, { scope, onCall: logOperatorCall });
    shared.set(key, breaker);
  }
  return breaker;
}

/** Forgets the process-wide circuits: test files sharing a process each start with every circuit closed (tests/helpers/file-boundary.ts). */
export function forgetOperatorBreakers() {
  for (const breaker of shared.values()) breaker.shutdown();
  shared.clear();
}
