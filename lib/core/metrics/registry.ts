import cluster from "node:cluster";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

// The process's metrics (issue 48), in one prom-client registry. They live on globalThis, made at
// the first use: Next bundles this module into several chunks (the instrumentation's, the API
// routes'), and a second set would register the same names twice and split the counts.
//
// Labels take a few known values each (an operation of the route table, an operator, an outcome):
// never a merchant, a key, a phone number or a reference, which would make a series per customer.
//
// Under `npm start`'s cluster each worker keeps its own counts; the launcher (the cluster's
// primary, scripts/start-server.cjs) sums them at each scrape with prom-client's
// AggregatorRegistry, which asks every worker for this registry (cluster-scrape.ts). Counters and
// histograms are summed; so are the gauges (pool connections, open circuits: per process, so the
// sum is the service's).

const API_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const OPERATOR_SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60];

function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const metrics = {
    registry,
    apiRequests: new Counter({
      name: "pcs_api_requests_total",
      help: "API requests answered, by operation (method and route path), status class and environment",
      labelNames: ["operation", "status_class", "environment"] as const,
      registers,
    }),
    apiDuration: new Histogram({
      name: "pcs_api_request_duration_seconds",
      help: "Time from the route's handler being called to its answer being ready, by operation, status class and environment",
      labelNames: ["operation", "status_class", "environment"] as const,
      buckets: API_SECONDS,
      registers,
    }),
    operatorCalls: new Counter({
      name: "pcs_operator_calls_total",
      help: "Calls to a mobile-money operator, by operator, operation and outcome (success, refused, unknown, timeout, not_sent, circuit_open, error)",
      labelNames: ["operator", "operation", "outcome"] as const,
      registers,
    }),
    operatorDuration: new Histogram({
      name: "pcs_operator_call_duration_seconds",
      help: "Duration of calls to a mobile-money operator, by operator, operation and outcome",
      labelNames: ["operator", "operation", "outcome"] as const,
      buckets: OPERATOR_SECONDS,
      registers,
    }),
    openCircuits: new Gauge({
      name: "pcs_operator_circuits_open",
      help: "Operator circuits open or half-open (calls refused at once), summed over the processes; by operator",
      labelNames: ["operator"] as const,
      registers,
    }),
    webhookAttempts: new Counter({
      name: "pcs_webhook_attempts_total",
      help: "Webhook delivery attempts, by outcome: delivered, retrying (failed, another attempt is planned), dead (failed for good)",
      labelNames: ["outcome"] as const,
      registers,
    }),
    messageSends: new Counter({
      name: "pcs_message_sends_total",
      help: "SMS and e-mails handed to their provider, by channel (sms, email) and outcome: sent, or why not (an SMS's failure reason; failed for a mail)",
      labelNames: ["channel", "outcome"] as const,
      registers,
    }),
    paymentsCompleted: new Counter({
      name: "pcs_payments_completed_total",
      help: "Deposits completed (checkout attempts and API deposits: money taken from a customer), by currency and environment",
      labelNames: ["currency", "environment"] as const,
      registers,
    }),
    amountCollected: new Counter({
      name: "pcs_payments_collected_minor_total",
      help: "What the completed deposits took, in the currency's minor unit (XOF: francs), by currency and environment",
      labelNames: ["currency", "environment"] as const,
      registers,
    }),
    // Read from the pools at each scrape (collect), nothing counted per query.
    poolInUse: new Gauge({
      name: "pcs_db_pool_connections_in_use",
      help: "PostgreSQL pool connections running a query or transaction (0 on the embedded database)",
      registers,
      collect() {
        this.set(sumOverPools((pool) => pool.totalCount - pool.idleCount));
      },
    }),
    poolWaiting: new Gauge({
      name: "pcs_db_pool_waiting",
      help: "Queries waiting for a PostgreSQL pool connection (all of them in use)",
      registers,
      collect() {
        this.set(sumOverPools((pool) => pool.waitingCount));
      },
    }),
  };
  // Node's own: CPU, memory, heap, GC, handles and the event loop's delay (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });
  // A worker of the cluster answers the primary's requests for this registry: prom-client listens
  // for them once an AggregatorRegistry exists in the process (cluster-scrape.ts).
  AggregatorRegistry.setRegistries([registry]);
  if (cluster.isWorker) new AggregatorRegistry();
  return metrics;
}

/** Counts deposits this process just completed (after the transaction that completed them). */
export function countPaymentsCompleted(deposits: readonly { currency: string; environment: string; amountMinor: bigint }[]) {
  const { paymentsCompleted, amountCollected } = appMetrics();
  for (const { currency, environment, amountMinor } of deposits) {
    paymentsCompleted.inc({ currency, environment });
    // A float64 holds every whole number of minor units up to 2^53: exact for any real volume.
    amountCollected.inc({ currency, environment }, Number(amountMinor));
  }
}

/** What the pool gauges read of a pg.Pool. */
export type WatchedPool = { totalCount: number; idleCount: number; waitingCount: number };

const globalForPools = globalThis as unknown as { __pcsWatchedPools?: Set<WatchedPool> };
const watchedPools = () => (globalForPools.__pcsWatchedPools ??= new Set());
const sumOverPools = (read: (pool: WatchedPool) => number) => [...watchedPools()].reduce((sum, pool) => sum + read(pool), 0);

/** Counts `pool` in the pool gauges. */
export function watchPool(pool: WatchedPool) {
  watchedPools().add(pool);
}

export type AppMetrics = ReturnType<typeof createMetrics>;

const globalForMetrics = globalThis as unknown as { __pcsMetrics?: AppMetrics };

/** The process's metrics, made at the first call. */
export function appMetrics(): AppMetrics {
  return (globalForMetrics.__pcsMetrics ??= createMetrics());
}
