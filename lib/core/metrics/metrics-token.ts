import { createHash, timingSafeEqual } from "node:crypto";

// Who may read the metrics: whoever sends `Authorization: Bearer <METRICS_TOKEN>`. The endpoint
// is on the public port (one port to run and route; see docs/decisions.md), so the token is
// what keeps the service's figures from the world. Without METRICS_TOKEN the endpoint is off.

export type MetricsAccess = "off" | "refused" | "allowed";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether `authorization` (the request's header) carries the configured token. Compared as
 * SHA-256 digests with timingSafeEqual: equal lengths whatever was sent, and no early exit
 * that would let timing spell the token out.
 */
export function metricsAccess(authorization: string | null, token = process.env.METRICS_TOKEN): MetricsAccess {
  if (!token) return "off";
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? "");
  if (!match) return "refused";
  return timingSafeEqual(digest(match[1]), digest(token)) ? "allowed" : "refused";
}
