/**
 * A limiter's retry time (seconds, as Retry-After gives it) as a form says it: seconds under a
 * minute, whole minutes (rounded up, so the person is never told to come back too soon) above.
 * Undefined for anything that is not a positive whole number of seconds up to a day: a page
 * reads it from its own address, which anyone can edit.
 */
export function retryWait(seconds: unknown): { unit: "seconds" | "minutes"; count: number } | undefined {
  const value = typeof seconds === "string" ? (/^\d{1,6}$/.test(seconds) ? Number(seconds) : NaN) : seconds;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 24 * 60 * 60) return undefined;
  return value < 60 ? { unit: "seconds", count: value } : { unit: "minutes", count: Math.ceil(value / 60) };
}

/** The Retry-After of a refusal (the API's error's or better-auth's APIError's headers, an object or Headers). */
export function retryAfterOf(error: unknown): string | undefined {
  const headers = (error as { headers?: unknown } | null)?.headers;
  const value = headers instanceof Headers ? headers.get("retry-after") : (headers as Record<string, unknown> | undefined)?.["retry-after"];
  return typeof value === "string" && retryWait(value) ? value : undefined;
}
