import type { Context } from "@opentelemetry/api";
import type { ReadableSpan, Span, SpanExporter, SpanProcessor } from "@opentelemetry/sdk-trace-node";
import { loggableUrl } from "@/lib/core/logging/loggable-url";
import { exportProtocol, SERVICE_NAME } from "./tracing-settings";
import { setTracing, tracing } from "@/lib/core/tracing/tracing";

// Starts OpenTelemetry's SDK in this process (instrumentation-node.ts calls it at start, in each
// worker of the cluster: each exports its own spans), only when an OTLP endpoint is set
// (tracingWanted, tracing-settings.ts). Everything is loaded here, with import(): a process without the endpoint never
// loads the SDK, the exporter or Prisma's instrumentation (docs/decisions.md, "Traces").
//
// The exporter is OpenTelemetry's own (OTLP over HTTP), protobuf by default as the OTLP spec
// says, JSON when OTEL_EXPORTER_OTLP_TRACES_PROTOCOL or OTEL_EXPORTER_OTLP_PROTOCOL is
// "http/json"; it reads its other settings itself (endpoint, headers, timeout, compression).
// Spans go out in batches (OTEL_BSP_* settings) from a background timer, never on a request's path.

/** The attributes that hold a URL in other libraries' spans (Next's request span: http.target), and what stays of them. */
const URL_ATTRIBUTES = ["http.target", "http.url", "url.full"];

/**
 * Keeps query strings and secret path segments out of spans we do not make ourselves (Next's
 * request span for pages and its route files carries the request's target), as the logs do
 * (loggable-url.ts). Their attributes are set as the span starts, so they are rewritten here.
 */
class UrlScrubbingProcessor implements SpanProcessor {
  onStart(span: Span, _parent: Context) {
    for (const name of URL_ATTRIBUTES) {
      const value = span.attributes[name];
      if (typeof value === "string") span.setAttribute(name, loggableUrl(value));
    }
    if (span.attributes["url.query"] !== undefined) span.setAttribute("url.query", "[redacted]");
  }
  onEnd(_span: ReadableSpan) {}
  forceFlush() {
    return Promise.resolve();
  }
  shutdown() {
    return Promise.resolve();
  }
}

export type StartTracingOptions = {
  env?: Record<string, string | undefined>;
  /** Instead of OTLP (the tests' in-memory exporter); spans then go out one by one as they end. */
  exporter?: SpanExporter;
};

/** Starts the SDK once per process; later calls do nothing. Returns whether tracing is on. */
export async function startTracing(options: StartTracingOptions = {}): Promise<boolean> {
  if (tracing()) return true;
  const env = options.env ?? process.env;
  const { NodeTracerProvider, BatchSpanProcessor, SimpleSpanProcessor } = await import("@opentelemetry/sdk-trace-node");
  const { defaultResource, detectResources, envDetector, resourceFromAttributes } = await import("@opentelemetry/resources");
  const { PrismaInstrumentation } = await import("@prisma/instrumentation");
  const { ServiceSampler, standardSampler } = await import("./trace-sampler");

  const exporter = options.exporter ?? (await otlpExporter(env));
  // The SDK's own (telemetry.sdk.*), our name, then OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES over them.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ "service.name": SERVICE_NAME }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    sampler: new ServiceSampler(standardSampler(env)),
    spanProcessors: [new UrlScrubbingProcessor(), options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  // The global tracer provider, AsyncLocalStorage as the context manager (a span follows its
  // request through awaits), and W3C Trace Context as the propagator that reads a traceparent.
  provider.register();

  // Prisma's client asks a global helper for spans: its operations and each SQL statement.
  const prisma = new PrismaInstrumentation();
  prisma.setTracerProvider(provider);
  prisma.enable();

  // Next's spans of fetch() carry the whole URL (an operator's, a merchant's webhook URL and its
  // query): our operator and webhook spans say what those calls were without it.
  if (env === process.env) process.env.NEXT_OTEL_FETCH_DISABLED ??= "1";

  setTracing({
    tracer: provider.getTracer(SERVICE_NAME),
    flush: () => provider.forceFlush(),
  });
  return true;
}

/** Turns tracing off again in this process, after sending what is left (the tests that start it). */
export async function stopTracing() {
  const state = tracing();
  if (!state) return;
  setTracing(undefined);
  await state.flush();
  const { context, propagation, trace } = await import("@opentelemetry/api");
  trace.disable();
  context.disable();
  propagation.disable();
  delete (globalThis as Record<string, unknown>).PRISMA_INSTRUMENTATION;
  delete (globalThis as Record<string, unknown>).V6_PRISMA_INSTRUMENTATION;
}

async function otlpExporter(env: Record<string, string | undefined>): Promise<SpanExporter> {
  if (exportProtocol(env) === "http/json") {
    const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
    return new OTLPTraceExporter();
  }
  const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-proto");
  return new OTLPTraceExporter();
}
