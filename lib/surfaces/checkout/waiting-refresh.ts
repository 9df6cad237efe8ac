// The push-prompt waiting screen reloads itself without JavaScript (components/checkout/direct-screen.tsx).
// Most customers answer the prompt within seconds, some after minutes: the reloads come quickly
// first, then less often, so a quarter of an hour of waiting costs about 60 page loads on a slow
// network instead of 300 (issue 51). The round travels in the address (`wait`), the only state a
// page without scripts keeps between its reloads.

/** Seconds before the next reload, by round: the last one repeats. */
export const WAITING_REFRESH_SECONDS = [3, 5, 10, 15] as const;

const KEPT = ["country", "gateway", "step"] as const;

/** The next reload of the waiting screen: after how long, and to which address (the step's choices kept, an old error dropped). */
export function waitingRefresh(pagePath: string, query: Record<string, string | string[] | undefined>): { seconds: number; url: string } {
  const raw = query.wait;
  const round = Math.min(Number.parseInt(Array.isArray(raw) ? (raw[0] ?? "") : (raw ?? ""), 10) || 0, 1_000);
  const search = new URLSearchParams();
  for (const name of KEPT) {
    const value = query[name];
    if (typeof value === "string" && value) search.set(name, value);
  }
  search.set("wait", String(Math.max(round, 0) + 1));
  return { seconds: WAITING_REFRESH_SECONDS[Math.min(Math.max(round, 0), WAITING_REFRESH_SECONDS.length - 1)], url: `${pagePath}?${search}` };
}
