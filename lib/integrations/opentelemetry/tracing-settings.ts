import { log } from "@/lib/core/logging/log";

// The settings that decide whether a process traces and how it exports (docs/configuration.md,
// "Traces"), apart from start-tracing.ts so that reading them loads none of the SDK.

export const SERVICE_NAME = "payment-collection-service";

/** Whether this process should trace: an OTLP endpoint is set and the SDK is not disabled. */
export function tracingWanted(env: Record<string, string | undefined> = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/** "http/protobuf" (the OTLP default) or "http/json"; gRPC is not offered (it would need a gRPC stack in every worker). */
export function exportProtocol(env: Record<string, string | undefined> = process.env): "http/protobuf" | "http/json" {
  const asked = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf").trim().toLowerCase();
  if (asked === "http/json") return "http/json";
  if (asked !== "http/protobuf") log("warn", "OTLP protocol not offered: traces are sent as http/protobuf", { asked });
  return "http/protobuf";
}

