import { randomBytes } from "node:crypto";
import { ROOT_CONTEXT, SpanKind, trace, TraceFlags } from "@opentelemetry/api";
import { SamplingDecision } from "@opentelemetry/sdk-trace-node";
import { describe, expect, it } from "vitest";
import { ServiceSampler, standardSampler } from "./trace-sampler";
import { exportProtocol, tracingWanted } from "./tracing-settings";

const traceIds = Array.from({ length: 2000 }, () => randomBytes(16).toString("hex"));
const sampledShare = (sampler: ReturnType<typeof standardSampler>, parent = ROOT_CONTEXT) =>
  traceIds.filter((id) => sampler.shouldSample(parent, id, "POST /api/v4/payments/link", SpanKind.SERVER, {}, []).decision === SamplingDecision.RECORD_AND_SAMPLED).length / traceIds.length;
const remoteParent = (sampled: boolean) =>
  trace.setSpanContext(ROOT_CONTEXT, { traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7", traceFlags: sampled ? TraceFlags.SAMPLED : TraceFlags.NONE, isRemote: true });

describe("the trace sampler", () => {
  it("keeps every trace by default, and about one in ten at parentbased_traceidratio 0.1", () => {
    expect(sampledShare(standardSampler({}))).toBe(1);
    const tenth = sampledShare(standardSampler({ OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.1" }));
    expect(tenth).toBeGreaterThan(0.05);
    expect(tenth).toBeLessThan(0.15);
    expect(sampledShare(standardSampler({ OTEL_TRACES_SAMPLER: "always_off" }))).toBe(0);
  });

  it("follows the caller's decision when parent-based, whatever the ratio", () => {
    const sampler = standardSampler({ OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.1" });
    expect(sampledShare(sampler, remoteParent(true))).toBe(1);
    expect(sampledShare(sampler, remoteParent(false))).toBe(0);
  });

  it("reads an argument out of range as 1, as the SDK does", () => {
    expect(sampledShare(standardSampler({ OTEL_TRACES_SAMPLER: "traceidratio", OTEL_TRACES_SAMPLER_ARG: "7" }))).toBe(1);
  });

  it("drops a database or internal span without a parent (the runner's idle passes, Next's start), not one within a request", () => {
    const sampler = new ServiceSampler(standardSampler({}));
    const decide = (name: string, attributes: Record<string, string>, parent = ROOT_CONTEXT) =>
      sampler.shouldSample(parent, traceIds[1], name, SpanKind.CLIENT, attributes, []).decision;
    expect(decide("db SELECT", { "db.system.name": "postgresql" })).toBe(SamplingDecision.NOT_RECORD);
    expect(decide("prisma:client:operation", {})).toBe(SamplingDecision.NOT_RECORD);
    expect(decide("db SELECT", { "db.system.name": "postgresql" }, remoteParent(true))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide("operator mtn-momo requesttopay", {})).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    // Next's own spans outside a request (it loads every route module as a server starts).
    expect(sampler.shouldSample(ROOT_CONTEXT, traceIds[1], "load route module", SpanKind.INTERNAL, {}, []).decision).toBe(SamplingDecision.NOT_RECORD);
    expect(sampler.shouldSample(remoteParent(true), traceIds[1], "render route", SpanKind.INTERNAL, {}, []).decision).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(sampler.shouldSample(ROOT_CONTEXT, traceIds[1], "job deposit sync", SpanKind.CONSUMER, {}, []).decision).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });
});

describe("the tracing settings", () => {
  it("trace only with an OTLP endpoint, and not when the SDK is disabled", () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: " " })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://127.0.0.1:4318/v1/traces" })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_SDK_DISABLED: "true" })).toBe(false);
  });

  it("export protobuf by default, JSON when asked", () => {
    expect(exportProtocol({})).toBe("http/protobuf");
    expect(exportProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" })).toBe("http/json");
    expect(exportProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/protobuf" })).toBe("http/protobuf");
    expect(exportProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toBe("http/protobuf");
  });
});
