import type { Attributes, Context, Link } from "@opentelemetry/api";
import { SpanKind, trace } from "@opentelemetry/api";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SamplingResult,
} from "@opentelemetry/sdk-trace-node";

// Which traces are kept. The standard settings choose (OTEL_TRACES_SAMPLER and
// OTEL_TRACES_SAMPLER_ARG, read here as the SDK reads them: parentbased_traceidratio with 0.1
// keeps one trace in ten, and follows the caller's decision when the request carries a
// traceparent). One rule of ours comes first: a span with no parent is dropped when it is a
// database span or an internal one. The background runner's passes query the database every
// second in every worker, most of them finding nothing due: their statements, with no request or
// job around them, are noise, not traces; so are Next's internal spans with no request around
// them (it loads every route module as a server starts: 77 "load route module" traces). Our own
// root spans are requests (server), jobs (consumer) and operator calls (client).

const DB_SYSTEM = "db.system.name";

/** The standard sampler that OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG name (default parentbased_always_on). */
export function standardSampler(env: Record<string, string | undefined>): Sampler {
  const name = (env.OTEL_TRACES_SAMPLER ?? "parentbased_always_on").trim().toLowerCase();
  const ratio = () => {
    const arg = Number(env.OTEL_TRACES_SAMPLER_ARG);
    return env.OTEL_TRACES_SAMPLER_ARG !== undefined && env.OTEL_TRACES_SAMPLER_ARG.trim() !== "" && arg >= 0 && arg <= 1 ? arg : 1;
  };
  switch (name) {
    case "always_on":
      return new AlwaysOnSampler();
    case "always_off":
      return new AlwaysOffSampler();
    case "traceidratio":
      return new TraceIdRatioBasedSampler(ratio());
    case "parentbased_always_off":
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case "parentbased_traceidratio":
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio()) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/** standardSampler, with database and internal spans that have no parent dropped. */
export class ServiceSampler implements Sampler {
  constructor(private readonly standard: Sampler) {}

  shouldSample(parent: Context, traceId: string, name: string, kind: SpanKind, attributes: Attributes, links: Link[]): SamplingResult {
    if (!trace.getSpan(parent) && (kind === SpanKind.INTERNAL || name.startsWith("prisma:") || attributes[DB_SYSTEM] !== undefined)) {
      return { decision: SamplingDecision.NOT_RECORD };
    }
    return this.standard.shouldSample(parent, traceId, name, kind, attributes, links);
  }

  toString() {
    return `ServiceSampler{${this.standard.toString()}}`;
  }
}
