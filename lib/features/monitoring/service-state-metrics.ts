import { Gauge, Registry } from "prom-client";
import { db, sqlOn } from "@/lib/core/db/client";
import { errorFields, log } from "@/lib/core/logging/log";
import { AGE_BUCKETS, DUE_KINDS, MONEY_KINDS, readServiceState } from "./service-state";

// The database's state as Prometheus gauges (service-state.ts), in a registry of their own that
// the cluster's launcher never sums: the process a scrape lands on reads them once and appends
// them to every process's summed metrics (lib/surfaces/api-routes/probes/metrics.ts).

function createStateMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    up: new Gauge({ name: "pcs_state_up", help: "1 when the database's state below was read at this scrape, 0 when the read failed", registers }),
    unknownOutcomes: new Gauge({
      name: "pcs_unknown_outcomes",
      help: "Live deposits, transfers and refunds sent to an operator whose answer is not final yet, by kind and age since sent",
      labelNames: ["kind", "age"] as const,
      registers,
    }),
    unresolvedMoneyOut: new Gauge({
      name: "pcs_money_out_unresolved",
      help: "Live transfers and refunds still pending (waiting for a batch, a review or the operator), by kind and age since made",
      labelNames: ["kind", "age"] as const,
      registers,
    }),
    underReview: new Gauge({
      name: "pcs_money_out_under_review",
      help: "Transfers and refunds left to support after their whole follow window without a final answer (funds held)",
      registers,
    }),
    webhookBacklog: new Gauge({ name: "pcs_webhook_backlog", help: "Webhook deliveries not delivered yet and not given up (pending)", registers }),
    webhookLag: new Gauge({
      name: "pcs_webhook_oldest_pending_seconds",
      help: "Age of the oldest pending webhook delivery (0 when none waits): how far deliveries lag",
      registers,
    }),
    dueLag: new Gauge({
      name: "pcs_due_work_lag_seconds",
      help: "How far past its due time the oldest due row of each kind of background work is (0 when nothing is overdue)",
      labelNames: ["job"] as const,
      registers,
    }),
  };
}

const globalForState = globalThis as unknown as { __pcsStateMetrics?: ReturnType<typeof createStateMetrics> };
const stateMetrics = () => (globalForState.__pcsStateMetrics ??= createStateMetrics());

/** The state gauges in Prometheus's text format, read now. A failed read says so (pcs_state_up 0) rather than failing the scrape. */
export async function scrapeServiceState(now = new Date()): Promise<string> {
  const metrics = stateMetrics();
  metrics.registry.resetMetrics();
  try {
    const state = await readServiceState(sqlOn(db()), now);
    for (const age of AGE_BUCKETS) {
      for (const kind of MONEY_KINDS) metrics.unknownOutcomes.set({ kind, age }, state.unknownOutcomes[kind][age]);
      for (const [kind, buckets] of Object.entries(state.unresolvedMoneyOut)) metrics.unresolvedMoneyOut.set({ kind, age }, buckets[age]);
    }
    metrics.underReview.set(state.moneyOutUnderReview);
    metrics.webhookBacklog.set(state.webhookBacklog);
    metrics.webhookLag.set(state.webhookOldestPendingSeconds);
    for (const job of DUE_KINDS) metrics.dueLag.set({ job }, state.dueLagSeconds[job]);
    metrics.up.set(1);
  } catch (error) {
    log("error", "metrics: the service's state could not be read", errorFields(error));
    metrics.registry.resetMetrics();
    metrics.up.set(0);
  }
  return metrics.registry.metrics();
}
