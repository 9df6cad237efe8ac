import type { Sql } from "@/lib/core/db/sql";
import { timestampParam } from "@/lib/core/db/sql";

// What the database says about the service's health, for whoever runs it (issue 48): what the
// operators have not answered, the money-out not settled, the webhooks waiting, how late the due
// work is. Read at each scrape in one statement, by the process the scrape lands on only (these
// are facts of the database, not of a process: summed over the cluster's workers they would count
// N times). Every filter below is one the due-work sweep itself runs, on the same indexes.

/** How old an open operation is, in the buckets the alerts read ("unknown for more than an hour"). */
export const AGE_BUCKETS = ["under_5m", "5m_to_1h", "1h_to_24h", "over_24h"] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

export const MONEY_KINDS = ["deposit", "transfer", "refund"] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];

/** The due-work sweep's kinds of work (lib/features/jobs/run-due-work.ts and the reconciliation). */
export const DUE_KINDS = ["deposit_expiry", "operator_status_read", "link_expiry", "transfer", "refund", "webhook_delivery", "receipt"] as const;
export type DueKind = (typeof DUE_KINDS)[number];

export type ServiceState = {
  /** Live operations sent to an operator whose answer is not final yet, by age since they were sent. */
  unknownOutcomes: Record<MoneyKind, Record<AgeBucket, number>>;
  /** Live transfers and refunds still pending (sent or not: waiting for a batch, a review, an answer), by age since made. */
  unresolvedMoneyOut: Record<Exclude<MoneyKind, "deposit">, Record<AgeBucket, number>>;
  /** Transfers and refunds left to support after their whole follow window (unresolvedAt). */
  moneyOutUnderReview: number;
  webhookBacklog: number;
  /** Since the oldest pending webhook delivery's event was recorded (0 when none waits). */
  webhookOldestPendingSeconds: number;
  /** How far behind its due time the oldest due row of each kind is (0 when nothing is overdue). */
  dueLagSeconds: Record<DueKind, number>;
};

const age = (column: string) => `CASE
  WHEN ${column} > $1::timestamp(3) - interval '5 minutes' THEN 'under_5m'
  WHEN ${column} > $1::timestamp(3) - interval '1 hour' THEN '5m_to_1h'
  WHEN ${column} > $1::timestamp(3) - interval '24 hours' THEN '1h_to_24h'
  ELSE 'over_24h' END`;

const counted = (metric: string, kind: string, table: string, ageColumn: string, where: string) =>
  `SELECT '${metric}' AS metric, '${kind}' AS kind, ${age(ageColumn)} AS bucket, count(*)::text AS value FROM "${table}" WHERE ${where} GROUP BY 3`;

const lag = (kind: DueKind, table: string, dueColumn: string, where: string) =>
  `SELECT 'due_lag' AS metric, '${kind}' AS kind, '' AS bucket,
     coalesce(extract(epoch from $1::timestamp(3) - min(${dueColumn})), 0)::text AS value
   FROM "${table}" WHERE ${where} AND ${dueColumn} <= $1::timestamp(3)`;

// Still followed at the operator (the reconciliation's own filter) and not completed: its answer is not final.
const DEPOSIT_OPEN = `"environment" = 'live' AND "followUntil" > $1::timestamp(3) AND "heldReason" IS NULL AND "status" <> 'completed'`;
const SENT_MONEY_OUT = `"environment" = 'live' AND "status" = 'pending' AND "operatorSentAt" IS NOT NULL`;

const STATE_QUERY = [
  counted("unknown", "deposit", "Deposit", `"createdAt"`, DEPOSIT_OPEN),
  counted("unknown", "transfer", "Transfer", `"operatorSentAt"`, SENT_MONEY_OUT),
  counted("unknown", "refund", "Refund", `"operatorSentAt"`, SENT_MONEY_OUT),
  counted("unresolved", "transfer", "Transfer", `"createdAt"`, `"environment" = 'live' AND "status" = 'pending'`),
  counted("unresolved", "refund", "Refund", `"createdAt"`, `"environment" = 'live' AND "status" = 'pending'`),
  `SELECT 'under_review' AS metric, '' AS kind, '' AS bucket, ((SELECT count(*) FROM "Transfer" WHERE "status" = 'pending' AND "unresolvedAt" IS NOT NULL)
     + (SELECT count(*) FROM "Refund" WHERE "status" = 'pending' AND "unresolvedAt" IS NOT NULL))::text AS value`,
  `SELECT 'webhook_backlog' AS metric, '' AS kind, '' AS bucket, count(*)::text AS value FROM "WebhookDelivery" WHERE "status" = 'pending'`,
  `SELECT 'webhook_oldest' AS metric, '' AS kind, '' AS bucket,
     coalesce(extract(epoch from $1::timestamp(3) - min("createdAt")), 0)::text AS value FROM "WebhookDelivery" WHERE "status" = 'pending'`,
  lag("deposit_expiry", "Deposit", `"expiresAt"`, `"status" = 'pending' AND "heldReason" IS NULL`),
  lag("operator_status_read", "Deposit", `"nextCheckAt"`, DEPOSIT_OPEN),
  lag("link_expiry", "PaymentLink", `"expiresAt"`, `"status" IN ('pending', 'failed')`),
  lag("transfer", "Transfer", `"dueAt"`, `"status" = 'pending'`),
  lag("refund", "Refund", `"dueAt"`, `"status" = 'pending'`),
  lag("webhook_delivery", "WebhookDelivery", `"nextAttemptAt"`, `"status" = 'pending'`),
  lag("receipt", "PaymentLink", `"receiptDueAt"`, `"receiptDueAt" IS NOT NULL`),
].join("\nUNION ALL\n");

const zeroBuckets = () => Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket, 0])) as Record<AgeBucket, number>;

/** The service's state as the database holds it at `now`, in one statement. */
export async function readServiceState(sql: Sql, now = new Date()): Promise<ServiceState> {
  const state: ServiceState = {
    unknownOutcomes: { deposit: zeroBuckets(), transfer: zeroBuckets(), refund: zeroBuckets() },
    unresolvedMoneyOut: { transfer: zeroBuckets(), refund: zeroBuckets() },
    moneyOutUnderReview: 0,
    webhookBacklog: 0,
    webhookOldestPendingSeconds: 0,
    dueLagSeconds: Object.fromEntries(DUE_KINDS.map((kind) => [kind, 0])) as Record<DueKind, number>,
  };
  for (const row of await sql(STATE_QUERY, [timestampParam(now)])) {
    const value = Number(row.value);
    const kind = row.kind as string;
    const bucket = row.bucket as AgeBucket;
    switch (row.metric) {
      case "unknown":
        state.unknownOutcomes[kind as MoneyKind][bucket] = value;
        break;
      case "unresolved":
        state.unresolvedMoneyOut[kind as "transfer" | "refund"][bucket] = value;
        break;
      case "under_review":
        state.moneyOutUnderReview = value;
        break;
      case "webhook_backlog":
        state.webhookBacklog = value;
        break;
      case "webhook_oldest":
        state.webhookOldestPendingSeconds = value;
        break;
      case "due_lag":
        state.dueLagSeconds[kind as DueKind] = value;
        break;
    }
  }
  return state;
}
