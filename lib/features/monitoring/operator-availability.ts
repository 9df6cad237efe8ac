import type { Sql } from "@/lib/core/db/sql";
import { timestampParam } from "@/lib/core/db/sql";

// Each operator's availability from our own calls to it over the last minutes (the OperatorCall
// log: lib/integrations/gateways/operators/operator-call-log.ts), as pawaPay publishes its
// providers' (OPERATIONAL / DELAYED / CLOSED, per operation): the same figures for every process and
// replica, for the public status, the checkout and support (issue 48).
//
// What counts: an operator that answers, yes or no ("refused": a customer's wallet said no), is
// working; a call it left without an answer (timeout), answered unreadably or with a 5xx
// (unknown), or that its open circuit kept from leaving (circuit_open), failed. Calls we never
// sent (no credentials, input it cannot take) and our own bugs say nothing of the operator.

/** The window the figures are read over. */
export const AVAILABILITY_WINDOW_MS = 15 * 60_000;
/** Fewer judged calls than this in the window: too few to call an operator delayed or closed on rates. */
export const MIN_CALLS = 5;
/** A failed share at or above this: closed; at or above DELAYED_FAILURE_SHARE: delayed. */
export const CLOSED_FAILURE_SHARE = 0.5;
export const DELAYED_FAILURE_SHARE = 0.1;
/** Answered calls whose p95 is at or above this: delayed (a customer waits that long for the prompt). */
export const DELAYED_P95_MS = 5_000;

export type AvailabilityState = "operational" | "delayed" | "closed";
/** Money in (payments and their status reads, tokens) or money out (transfers, payouts, refunds). */
export type Direction = "deposit" | "payout";

export type OperatorAvailability = {
  operator: string;
  /** The operator's account (MTN: one country's platform), null when it has one. */
  scope: string | null;
  direction: Direction;
  state: AvailabilityState;
  /** Calls answered (success or refused) and failed in the window. */
  answered: number;
  failed: number;
  /** answered / (answered + failed); null without calls. */
  successRate: number | null;
  /** The answered calls' 95th percentile duration; null without any. */
  p95Ms: number | null;
  /** Whether the last call of the window found the circuit open (our processes stopped calling it). */
  circuitOpen: boolean;
};

// Money out by the operation's name, for every client: MTN's transfer, refund and disbursement
// token, Wave's payouts and checkout refunds; the rest is money in.
const PAYOUT_OPERATION = "(transfer|payout|refund|disbursement)";

const QUERY = `
  SELECT "operator", "scope",
    CASE WHEN "operation" ~ '${PAYOUT_OPERATION}' THEN 'payout' ELSE 'deposit' END AS direction,
    count(*) FILTER (WHERE "outcome" IN ('success', 'refused'))::text AS answered,
    count(*) FILTER (WHERE "outcome" IN ('timeout', 'unknown', 'circuit_open'))::text AS failed,
    (percentile_cont(0.95) WITHIN GROUP (ORDER BY "durationMs") FILTER (WHERE "outcome" IN ('success', 'refused')))::text AS p95,
    (array_agg("outcome" ORDER BY "at" DESC, "id" DESC))[1] AS last_outcome
  FROM "OperatorCall"
  WHERE "at" > $1::timestamp(3) AND "outcome" IN ('success', 'refused', 'timeout', 'unknown', 'circuit_open')
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3`;

/** The state of figures: closed, delayed or operational, by the thresholds above. */
export function availabilityState(figures: { answered: number; failed: number; p95Ms: number | null; circuitOpen: boolean }): AvailabilityState {
  const { answered, failed, p95Ms, circuitOpen } = figures;
  if (circuitOpen) return "closed";
  const judged = answered + failed;
  if (judged >= MIN_CALLS && failed / judged >= CLOSED_FAILURE_SHARE) return "closed";
  if (judged >= MIN_CALLS && failed / judged >= DELAYED_FAILURE_SHARE) return "delayed";
  if (answered >= MIN_CALLS && p95Ms !== null && p95Ms >= DELAYED_P95_MS) return "delayed";
  return "operational";
}

/** Every operator (and account, and direction) called in the window before `now`, with its state. */
export async function readOperatorAvailability(sql: Sql, now = new Date()): Promise<OperatorAvailability[]> {
  const rows = await sql(QUERY, [timestampParam(new Date(now.getTime() - AVAILABILITY_WINDOW_MS))]);
  return rows.map((row) => {
    const answered = Number(row.answered);
    const failed = Number(row.failed);
    const p95Ms = row.p95 === null ? null : Math.round(Number(row.p95));
    const circuitOpen = row.last_outcome === "circuit_open";
    return {
      operator: row.operator as string,
      scope: row.scope,
      direction: row.direction as Direction,
      state: availabilityState({ answered, failed, p95Ms, circuitOpen }),
      answered,
      failed,
      successRate: answered + failed === 0 ? null : answered / (answered + failed),
      p95Ms,
      circuitOpen,
    };
  });
}

/**
 * Forgets the calls older than a day, a batch at a time, in every due-work pass (as the events'
 * retention): when nothing is old it is one probe of the index. The window needs minutes; a day
 * is kept for support.
 */
export async function deleteOldOperatorCalls(sql: Sql, now = new Date(), batchSize = 1000): Promise<number> {
  const text = `WITH gone AS (
      DELETE FROM "OperatorCall" WHERE "id" IN (SELECT "id" FROM "OperatorCall" WHERE "at" < $1::timestamp(3) LIMIT ${batchSize}) RETURNING 1
    ) SELECT count(*)::text AS n FROM gone`;
  const [row] = await sql(text, [
    timestampParam(new Date(now.getTime() - 24 * 60 * 60_000)),
  ]);
  return Number(row.n);
}
