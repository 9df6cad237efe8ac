import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { appMetrics } from "./registry";

// What a scrape answers: every process of the server counted once, whichever worker it lands on.
// A worker of `npm start`'s cluster cannot see the others' counts, so it asks the cluster's primary
// (scripts/start-server.cjs), which gathers every worker's registry with prom-client's
// AggregatorRegistry and sends back the sum. A server of one process answers from its own.

/** The messages between a worker and the launcher (scripts/start-server.cjs reads the same names). */
export const SCRAPE_REQUEST = "pcs:metrics?";
export const SCRAPE_ANSWER = "pcs:metrics";
/** prom-client gives its workers 5 s to answer the primary; a little more here, for the trip back. */
const SCRAPE_TIMEOUT_MS = 6_000;

export type Scrape = { text: string; contentType: string };

type ScrapeAnswer = { type: typeof SCRAPE_ANSWER; id: string; text?: string; error?: string };

/** The metrics of every process of this server, in Prometheus's text format. */
export async function scrapeMetrics(): Promise<Scrape> {
  const { registry } = appMetrics();
  if (!cluster.isWorker || !process.send) return { text: await registry.metrics(), contentType: registry.contentType };
  return { text: await askPrimary(), contentType: registry.contentType };
}

function askPrimary(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error("the launcher did not answer the metrics request")), SCRAPE_TIMEOUT_MS);
    const onMessage = (message: unknown) => {
      const answer = message as ScrapeAnswer | null;
      if (answer?.type !== SCRAPE_ANSWER || answer.id !== id) return;
      finish(answer.error === undefined ? null : new Error(answer.error), answer.text);
    };
    function finish(error: Error | null, text = "") {
      clearTimeout(timer);
      process.off("message", onMessage);
      if (error) reject(error);
      else resolve(text);
    }
    process.on("message", onMessage);
    process.send!({ type: SCRAPE_REQUEST, id });
  });
}
