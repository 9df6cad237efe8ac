import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type TextMapGetter,
  type Tracer,
} from "@opentelemetry/api";

// The service's spans (docs/operations.md, "Traces"), through OpenTelemetry's API only: the SDK and
// its exporter are loaded by lib/integrations/opentelemetry/start-tracing.ts, and only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
// Until then (and for good in a process without it) `tracing()` is undefined and every helper
// here calls its function straight away: one property read on globalThis, no span, no context.
//
// The state lives on globalThis, not in this module: Next bundles instrumentation.ts (which starts
// the SDK) apart from the route handlers and the API lane that make the spans, so each bundle has
// its own instance of this module, and they must agree on whether tracing is on. OpenTelemetry's
// own API does the same for the tracer provider and the context manager.
//
// What a span may carry: operation names, route patterns, statuses, environments, operators and
// their operations, outcomes, job kinds, SQL texts (parameters are $n, never values). Never a
// key, a token, a phone number, a body, a query string or a merchant's URL
// (tests/platform/traces.integration.test.ts looks for them in every span it makes).

/** The answer header (and webhook header) carrying the request's trace id when tracing is on. */
export const TRACE_ID_HEADER = "x-trace-id";

type TracingState = {
  tracer: Tracer;
  /** Sends what the exporter still holds (server/app-server.cjs calls it before it exits). */
  flush: () => Promise<void>;
};

const STATE_KEY = "__pcsTracing";
const globalState = globalThis as unknown as Record<typeof STATE_KEY, TracingState | undefined>;

/** The tracer when tracing is on in this process, else undefined. */
export const tracing = (): TracingState | undefined => globalState[STATE_KEY];

/** Set by lib/integrations/opentelemetry/start-tracing.ts once the SDK is registered; undefined turns tracing off again (tests). */
export function setTracing(state: TracingState | undefined) {
  globalState[STATE_KEY] = state;
}

export { SpanKind };
export type { Span };

export type SpanOptions = { kind?: SpanKind; attributes?: Attributes; links?: Link[] };

/**
 * Runs fn in a new active span (a child of the active one, or of `parent`), ended when fn settles.
 * With tracing off, fn runs as it is, given no span. A throw marks the span as an error with the
 * error's class name only: messages can quote an operator's or a customer's words.
 */
export function inSpan<T>(name: string, options: SpanOptions, fn: (span: Span | undefined) => Promise<T>, parent?: Context): Promise<T> {
  const state = tracing();
  if (!state) return fn(undefined);
  return state.tracer.startActiveSpan(name, options, parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: errorName(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

export const errorName = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/** Marks a span as failed, with a short reason of ours (an outcome, a status), never a message from outside. */
export function failSpan(span: Span | undefined, reason: string) {
  span?.setStatus({ code: SpanStatusCode.ERROR, message: reason });
}

/** The active span's ids for a log line, or nothing (tracing off, no span). */
export function activeTraceFields(): { trace_id: string; span_id: string } | undefined {
  if (!tracing()) return undefined;
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** A span context as a W3C traceparent (version 00). */
export function traceparentOf(span: Span): string {
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, "0")}`;
}

/** The active span's traceparent (what a row keeps to carry its trace on: a deposit's webhooks), or null. */
export function activeTraceparent(): string | null {
  if (!tracing()) return null;
  const span = trace.getActiveSpan();
  return span ? traceparentOf(span) : null;
}

const headersGetter: TextMapGetter<Headers> = {
  get: (carrier, key) => carrier.get(key) ?? undefined,
  keys: (carrier) => [...carrier.keys()],
};

/**
 * The parent of a request's span: the active span when there is one (Next's own request span,
 * which already took the client's traceparent), else the client's `traceparent` header read by
 * W3C Trace Context's rules (OpenTelemetry's propagator): a malformed one is ignored and the
 * request starts a trace of its own, never an error.
 */
export function requestParent(headers: Headers): Context {
  const active = context.active();
  if (trace.getSpan(active)) return active;
  try {
    return propagation.extract(ROOT_CONTEXT, headers, headersGetter);
  } catch {
    return ROOT_CONTEXT;
  }
}

/**
 * The context a stored traceparent (activeTraceparent's) stands for, as a remote parent; ROOT_CONTEXT
 * when there is none or it does not read.
 */
export function contextOfTraceparent(traceparent: string | null | undefined): Context {
  if (!traceparent) return ROOT_CONTEXT;
  try {
    return propagation.extract(ROOT_CONTEXT, { traceparent }, { get: (carrier, key) => (key === "traceparent" ? carrier.traceparent : undefined), keys: () => ["traceparent"] });
  } catch {
    return ROOT_CONTEXT;
  }
}

/** Whether a context holds a span of this process (not a remote caller's) to be the parent of another. */
export function hasLocalSpan(parent: Context): boolean {
  const span = trace.getSpan(parent);
  return span !== undefined && span.spanContext().isRemote !== true;
}

/** The active span, if any, as a link (a job's span from the delivery it runs in another trace). */
export function activeSpanLink(): Link[] {
  const span = trace.getActiveSpan();
  return span ? [{ context: span.spanContext() }] : [];
}
