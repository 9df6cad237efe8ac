// The status class label of an API answer: "2xx" ... "5xx". A label has few values (Prometheus
// keeps one series per combination), so the exact status stays in the logs, not in the metrics.

const CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"] as const;
export type StatusClass = (typeof CLASSES)[number];

/** The class of an HTTP status; anything outside 100-599 counts as "5xx" (a bug answering nonsense is a server error). */
export function statusClass(status: number): StatusClass {
  const index = Math.floor(status / 100) - 1;
  return index >= 0 && index < CLASSES.length ? CLASSES[index] : "5xx";
}

/** statusClass's index (0 for "1xx"): where the per-route label sets are kept (api-request-metrics.ts). */
export function statusClassIndex(status: number): number {
  const index = Math.floor(status / 100) - 1;
  return index >= 0 && index < CLASSES.length ? index : 4;
}

export const STATUS_CLASSES: readonly StatusClass[] = CLASSES;
