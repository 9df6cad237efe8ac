import { activeTraceFields } from "../tracing/tracing";

// Structured JSON logs, one line per event, so they can be shipped and queried as is. With
// tracing on, a line written inside a span carries its trace_id and span_id, so the lines of one
// request, job or delivery are found from its trace (and the other way round), sampled or not.
type Level = "info" | "warn" | "error";

/** For callers that would build costly fields for nothing. */
export const logEnabled = () => process.env.LOG_LEVEL !== "silent";

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (!logEnabled()) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...activeTraceFields(), ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}

export function errorFields(error: unknown) {
  return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
}
