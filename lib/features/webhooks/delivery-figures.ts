import type { Sql } from "@/lib/core/db/sql";
import { timestampParam } from "@/lib/core/db/sql";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { webhookSettings } from "./webhook-settings";

// The merchant's own view of its webhooks (issue 48 item 5), per endpoint (the URL deliveries go
// to), read from the delivery rows in one statement per page view, within the merchant and
// environment: over the last 24 hours and the last hour, the attempts made and how many the
// receiver took (2xx in time), the deliveries delivered and their lag, those given up (dead); and
// now, the backlog: deliveries pending and the age of the oldest.
//
// Lag: from the delivery's creation to its success. A first delivery is created with its event
// (record-webhook-event.ts), so that is the event's age when it arrived; a replay counts from the
// replay, not from an event that may be days old.
//
// The window's figures read the deliveries of the merchant's events created since the window's
// start minus the whole retry schedule (and an hour of slack): the events' (merchantId,
// environment, createdAt) index bounds the rows read to about two days of the merchant's events,
// whatever the size of the platform. A delivery of an older event (the merchant replayed it, or
// staff retried its dead letter) is left out of the window's attempts and lag; it is counted in
// the backlog while it is pending, which reads every pending delivery of the merchant.

const HOUR_MS = 60 * 60_000;

export type WindowFigures = {
  /** Attempts made in the window, and those the receiver answered 2xx in time. */
  attempts: number;
  succeeded: number;
  failed: number;
  /** succeeded / attempts (0..1); null without attempts. */
  successRate: number | null;
  /** Deliveries that succeeded in the window, and their lag's median and 95th percentile (ms; null without any). */
  delivered: number;
  lagP50Ms: number | null;
  lagP95Ms: number | null;
  /** Deliveries given up in the window (their schedule ran out). */
  dead: number;
};

export type EndpointFigures = {
  url: string;
  lastDay: WindowFigures;
  lastHour: WindowFigures;
  /** Deliveries waiting for their first attempt or a retry now, and the age of the oldest (ms; null when none). */
  pending: number;
  oldestPendingAgeMs: number | null;
};

const lag = (p: number, since: string) =>
  `(percentile_cont(${p}) WITHIN GROUP (ORDER BY extract(epoch from "deliveredAt" - "createdAt") * 1000) FILTER (WHERE "deliveredAt" >= ${since}))::text`;

// $1 merchant, $2 environment, $3 the oldest event read, $4 the day's start, $5 the hour's, $6 now.
const QUERY = `
  WITH d AS (
    SELECT d."id", d."url", d."createdAt", d."deliveredAt", d."deadAt"
    FROM "WebhookEvent" e JOIN "WebhookDelivery" d ON d."eventId" = e."id"
    WHERE e."merchantId" = $1 AND e."environment" = $2::"Environment" AND e."createdAt" >= $3::timestamp(3)
  ),
  attempts AS (
    SELECT d."url",
      count(*)::text AS attempts_day,
      count(*) FILTER (WHERE a."succeeded")::text AS succeeded_day,
      count(*) FILTER (WHERE a."startedAt" >= $5::timestamp(3))::text AS attempts_hour,
      count(*) FILTER (WHERE a."startedAt" >= $5::timestamp(3) AND a."succeeded")::text AS succeeded_hour
    FROM d JOIN "WebhookAttempt" a ON a."deliveryId" = d."id"
    WHERE a."startedAt" >= $4::timestamp(3)
    GROUP BY d."url"
  ),
  outcomes AS (
    SELECT "url",
      count(*) FILTER (WHERE "deliveredAt" >= $4::timestamp(3))::text AS delivered_day,
      count(*) FILTER (WHERE "deliveredAt" >= $5::timestamp(3))::text AS delivered_hour,
      count(*) FILTER (WHERE "deadAt" >= $4::timestamp(3))::text AS dead_day,
      count(*) FILTER (WHERE "deadAt" >= $5::timestamp(3))::text AS dead_hour,
      ${lag(0.5, "$4::timestamp(3)")} AS p50_day, ${lag(0.95, "$4::timestamp(3)")} AS p95_day,
      ${lag(0.5, "$5::timestamp(3)")} AS p50_hour, ${lag(0.95, "$5::timestamp(3)")} AS p95_hour
    FROM d
    WHERE "deliveredAt" >= $4::timestamp(3) OR "deadAt" >= $4::timestamp(3)
    GROUP BY "url"
  ),
  backlog AS (
    SELECT d."url", count(*)::text AS pending,
      round(extract(epoch from $6::timestamp(3) - min(d."createdAt")) * 1000)::bigint::text AS oldest_ms
    FROM "WebhookDelivery" d JOIN "WebhookEvent" e ON e."id" = d."eventId"
    WHERE e."merchantId" = $1 AND e."environment" = $2::"Environment" AND d."status" = 'pending'
    GROUP BY d."url"
  )
  SELECT coalesce(a."url", o."url", b."url") AS url, a.attempts_day, a.succeeded_day, a.attempts_hour, a.succeeded_hour,
    o.delivered_day, o.delivered_hour, o.dead_day, o.dead_hour, o.p50_day, o.p95_day, o.p50_hour, o.p95_hour, b.pending, b.oldest_ms
  FROM attempts a
  FULL JOIN outcomes o ON o."url" = a."url"
  FULL JOIN backlog b ON b."url" = coalesce(a."url", o."url")
  ORDER BY 1`;

const count = (value: string | null) => (value === null ? 0 : Number(value));
const ms = (value: string | null) => (value === null ? null : Math.round(Number(value)));

function windowFigures(attempts: number, succeeded: number, delivered: number, dead: number, p50: string | null, p95: string | null): WindowFigures {
  return {
    attempts,
    succeeded,
    failed: attempts - succeeded,
    successRate: attempts === 0 ? null : succeeded / attempts,
    delivered,
    lagP50Ms: ms(p50),
    lagP95Ms: ms(p95),
    dead,
  };
}

/** Each endpoint of the scope with deliveries in the last 24 hours or pending now, by URL. */
export async function readDeliveryFigures(sql: Sql, scope: MerchantScope, now = new Date()): Promise<EndpointFigures[]> {
  const daySince = now.getTime() - 24 * HOUR_MS;
  const schedule = webhookSettings().retryScheduleMs.reduce((sum, delay) => sum + delay, 0);
  const oldestEvent = daySince - schedule - HOUR_MS;
  const rows = await sql(QUERY, [
    scope.merchantId,
    scope.environment,
    timestampParam(new Date(oldestEvent)),
    timestampParam(new Date(daySince)),
    timestampParam(new Date(now.getTime() - HOUR_MS)),
    timestampParam(now),
  ]);
  return rows.map((row) => ({
    url: row.url as string,
    lastDay: windowFigures(count(row.attempts_day), count(row.succeeded_day), count(row.delivered_day), count(row.dead_day), row.p50_day, row.p95_day),
    lastHour: windowFigures(count(row.attempts_hour), count(row.succeeded_hour), count(row.delivered_hour), count(row.dead_hour), row.p50_hour, row.p95_hour),
    pending: count(row.pending),
    oldestPendingAgeMs: ms(row.oldest_ms),
  }));
}
