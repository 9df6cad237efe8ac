import { randomUUID } from "node:crypto";
import { Prisma, type WebhookDeliveryStatus } from "@prisma/client";
import { ulid } from "@/lib/core/domain/ulid";
import type { DbClient } from "@/lib/core/db/client";
import { log } from "@/lib/core/logging/log";
import { appMetrics } from "@/lib/core/metrics/registry";
import { activeSpanLink, contextOfTraceparent, failSpan, inSpan, SpanKind, TRACE_ID_HEADER, traceparentOf } from "@/lib/core/tracing/tracing";
import { sendWebhookRequest, type SendResult } from "./send-webhook-request";
import { signWebhook, type SigningSecrets } from "./sign-webhook";
import { webhookSettings, type WebhookSettings } from "./webhook-settings";

export type DeliveryState = {
  found: boolean;
  /** Whether this call made an attempt (false: not due, claimed by another runner, or final). */
  attempted: boolean;
  status: WebhookDeliveryStatus | null;
  /** When the delivery can next be attempted (ISO), null once final. */
  resumeAt: string | null;
};

export type AttemptOptions = {
  deliveryId: string;
  /** The scheduler's clock: what is due, and when the next attempt will be. */
  now?: Date;
  settings?: WebhookSettings;
};

/** How long a claim holds: past the longest attempt, so a live claimer is never overtaken. */
const leaseMs = (settings: WebhookSettings) => settings.timeoutMs + 60_000;

async function currentState(client: DbClient, deliveryId: string, attempted: boolean): Promise<DeliveryState> {
  const row = await client.webhookDelivery.findUnique({ where: { id: deliveryId } });
  if (!row) return { found: false, attempted, status: null, resumeAt: null };
  const times = [row.nextAttemptAt, row.lockedUntil].filter((d): d is Date => d !== null).map((d) => d.getTime());
  return {
    found: true,
    attempted,
    status: row.status,
    resumeAt: row.status === "pending" && times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
  };
}

/**
 * Makes the due attempt of one delivery, if it is due and this caller wins the claim: a
 * conditional update (pending, due, not held by a live claim) that exactly one of several racing
 * runners (threads, processes, the Inngest function and the sweep) can make. Then signs, sends,
 * and records the attempt with the delivery's next state: delivered, the next retry on the
 * schedule, or dead-lettered after the last one. A runner that dies mid-attempt leaves a claim
 * that lapses, and the attempt is made again (at least once, with the same webhook-id).
 */
export async function attemptDelivery(client: DbClient, options: AttemptOptions): Promise<DeliveryState> {
  const now = options.now ?? new Date();
  const settings = options.settings ?? webhookSettings();
  const claimToken = randomUUID();
  const claimed = await client.webhookDelivery.updateMany({
    where: {
      id: options.deliveryId,
      status: "pending",
      nextAttemptAt: { lte: now },
      OR: [{ lockedUntil: null }, { lockedUntil: { lte: now } }],
    },
    data: { lockedUntil: new Date(now.getTime() + leaseMs(settings)), claimToken },
  });
  if (claimed.count === 0) return currentState(client, options.deliveryId, false);
  const row = await client.webhookDelivery.findUniqueOrThrow({
    where: { id: options.deliveryId },
    include: { event: { include: { merchant: { select: { webhookSecret: true, previousWebhookSecret: true, previousSecretExpiresAt: true } } } } },
  });
  const delivery: ClaimedDelivery = { ...row, payload: row.event.payload, traceparent: row.event.traceparent, secrets: row.event.merchant };
  await recordAttempts(client, [await sendAttempt(delivery, claimToken, now, settings)]);
  return currentState(client, options.deliveryId, true);
}

/** A claimed delivery with what its attempt needs: the event's body and the merchant's signing secrets. */
export type ClaimedDelivery = {
  id: string;
  eventId: string;
  url: string;
  attemptCount: number;
  roundFailures: number;
  payload: string;
  /** The event's trace (WebhookEvent.traceparent), which the attempt's span continues. */
  traceparent: string | null;
  secrets: SigningSecrets;
};

/**
 * Up to `limit` due deliveries claimed for this runner, with their events' bodies and secrets, in
 * one statement (the sweep's batch; see lib/core/db/claim-due-rows.ts for FOR UPDATE SKIP LOCKED),
 * all under one claim token whose lease covers the batch worked through `concurrency` at a time.
 */
export async function claimDueDeliveries(
  client: DbClient,
  options: { now: Date; limit: number; concurrency: number; settings?: WebhookSettings },
): Promise<{ deliveries: ClaimedDelivery[]; claimToken: string }> {
  const settings = options.settings ?? webhookSettings();
  const claimToken = randomUUID();
  const rounds = Math.ceil(options.limit / Math.max(1, options.concurrency));
  const until = new Date(options.now.getTime() + rounds * settings.timeoutMs + leaseMs(settings));
  const rows = await client.$queryRaw<(Omit<ClaimedDelivery, "secrets"> & SigningSecrets)[]>`
    WITH claimed AS (
      UPDATE "WebhookDelivery" SET "lockedUntil" = ${until}::timestamp(3), "claimToken" = ${claimToken}
      WHERE "id" IN (
        SELECT "id" FROM "WebhookDelivery"
        WHERE "status" = 'pending' AND "nextAttemptAt" <= ${options.now}::timestamp(3)
          AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${options.now}::timestamp(3))
        ORDER BY "nextAttemptAt"
        LIMIT ${options.limit}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING "id", "eventId", "url", "attemptCount", "roundFailures"
    )
    SELECT c."id", c."eventId", c."url", c."attemptCount", c."roundFailures", e."payload", e."traceparent",
      m."webhookSecret", m."previousWebhookSecret", m."previousSecretExpiresAt"
    FROM claimed c JOIN "WebhookEvent" e ON e."id" = c."eventId" JOIN "Merchant" m ON m."id" = e."merchantId"`;
  const deliveries = rows.map(({ webhookSecret, previousWebhookSecret, previousSecretExpiresAt, ...delivery }) => ({
    ...delivery,
    secrets: { webhookSecret, previousWebhookSecret, previousSecretExpiresAt },
  }));
  return { deliveries, claimToken };
}

/** An attempt made, to record with the delivery's next state (recordAttempts). */
export type AttemptRecord = {
  deliveryId: string;
  eventId: string;
  claimToken: string;
  status: WebhookDeliveryStatus;
  /** deliveredAt or deadAt, by status. */
  finishedAt: Date;
  nextAttemptAt: Date | null;
  failures: number;
  number: number;
  startedAt: Date;
  result: SendResult;
};

/**
 * Signs and sends the attempt of a delivery this runner holds under claimToken, and works out the
 * delivery's next state; recordAttempts writes both.
 */
export function sendAttempt(delivery: ClaimedDelivery, claimToken: string, now: Date, settings: WebhookSettings = webhookSettings()): Promise<AttemptRecord> {
  // With tracing on, the attempt is a span of the event's trace (the request that created the
  // payment: the merchant finds its API answer's X-Trace-Id in the webhook's headers), linked to
  // the job that runs it; without a stored trace, a span of that job's.
  const parent = delivery.traceparent ? contextOfTraceparent(delivery.traceparent) : undefined;
  const attributes = { "pcs.webhook.delivery_id": delivery.id, "pcs.webhook.event_id": delivery.eventId, "pcs.webhook.attempt": delivery.attemptCount + 1 };
  return inSpan(
    "webhook delivery",
    { kind: SpanKind.CLIENT, attributes, links: delivery.traceparent ? activeSpanLink() : [] },
    async (span) => {
      // Signed at the real time: receivers check the timestamp against their own clock.
      const startedAt = new Date();
      const headers = signWebhook({ id: delivery.eventId, body: delivery.payload, at: startedAt, secrets: delivery.secrets });
      if (span) {
        headers.traceparent = traceparentOf(span);
        headers[TRACE_ID_HEADER] = span.spanContext().traceId;
      }
      const result = await sendWebhookRequest({ url: delivery.url, body: delivery.payload, headers, settings });

      // deliveredAt/deadAt are facts about the attempt, so they are its real end (startedAt +
      // duration, never before it started). The next retry is planned on the scheduler's clock, but
      // from the real end when that is later (a busy pass sends its last attempts well after `now`),
      // so a receiver never gets less rest than the schedule promises.
      const finishedAt = new Date(startedAt.getTime() + result.durationMs);
      const scheduledFinish = new Date(Math.max(now.getTime(), startedAt.getTime()) + result.durationMs);
      const failures = delivery.roundFailures + (result.ok ? 0 : 1);
      const exhausted = !result.ok && (result.permanent || failures > settings.retryScheduleMs.length);
      const status = result.ok ? "delivered" : exhausted ? "dead" : "pending";
      const nextAttemptAt = status === "pending" ? new Date(scheduledFinish.getTime() + settings.retryScheduleMs[failures - 1]) : null;
      const outcome = status === "pending" ? "retrying" : status;
      appMetrics().webhookAttempts.inc({ outcome });
      span?.setAttribute("pcs.webhook.outcome", outcome);
      if (result.httpStatus !== null) span?.setAttribute("http.response.status_code", result.httpStatus);
      if (!result.ok) failSpan(span, result.httpStatus === null ? "no answer" : `HTTP ${result.httpStatus}`);
      return { deliveryId: delivery.id, eventId: delivery.eventId, claimToken, status, finishedAt, nextAttemptAt, failures, number: delivery.attemptCount + 1, startedAt, result };
    },
    parent,
  );
}

/**
 * The deliveries' next states and their attempts' rows, for any number of attempts, in one
 * statement (atomic, one round trip): nothing is written for a delivery whose claim this runner
 * no longer holds. Returns the ids of the deliveries recorded.
 */
export async function recordAttempts(client: DbClient, records: AttemptRecord[]): Promise<Set<string>> {
  if (records.length === 0) return new Set();
  const values = Prisma.join(
    records.map(
      (r) => Prisma.sql`(${r.deliveryId}, ${r.claimToken}, ${r.status}, ${r.finishedAt}::timestamp(3), ${r.nextAttemptAt}::timestamp(3),
        ${r.failures}::int, ${r.result.error}::text, ${`wha_${ulid()}`}, ${r.number}::int, ${r.startedAt}::timestamp(3), ${r.result.durationMs}::int,
        ${r.result.httpStatus}::int, ${r.result.responseExcerpt}::text, ${r.result.ok}::boolean)`,
    ),
  );
  const recorded = await client.$queryRaw<{ deliveryId: string }[]>`
    WITH v (id, token, status, finished, "nextAttemptAt", failures, error, "attemptId", number, "startedAt", "durationMs", "httpStatus", excerpt, ok) AS (
      VALUES ${values}
    ), updated AS (
      UPDATE "WebhookDelivery" AS d SET
        "status" = v.status::"WebhookDeliveryStatus",
        "deliveredAt" = CASE WHEN v.status = 'delivered' THEN v.finished ELSE d."deliveredAt" END,
        "deadAt" = CASE WHEN v.status = 'dead' THEN v.finished ELSE d."deadAt" END,
        "nextAttemptAt" = v."nextAttemptAt",
        "attemptCount" = d."attemptCount" + 1,
        "roundFailures" = v.failures,
        "lastError" = v.error,
        "lockedUntil" = NULL,
        "claimToken" = NULL
      FROM v
      WHERE d."id" = v.id AND d."claimToken" = v.token
      RETURNING d."id"
    )
    INSERT INTO "WebhookAttempt" ("id", "deliveryId", "number", "startedAt", "durationMs", "httpStatus", "responseExcerpt", "error", "succeeded")
    SELECT v."attemptId", v.id, v.number, v."startedAt", v."durationMs", v."httpStatus", v.excerpt, v.error, v.ok
    FROM v JOIN updated ON updated."id" = v.id
    RETURNING "deliveryId"`;
  const ids = new Set(recorded.map((row) => row.deliveryId));
  for (const r of records) {
    if (!ids.has(r.deliveryId)) {
      // Only when the attempt outlived its lease and another runner took over the delivery.
      log("warn", "webhook attempt finished after its claim lapsed; not recorded", { deliveryId: r.deliveryId });
    } else if (r.status === "dead") {
      log("warn", "webhook dead-lettered", { deliveryId: r.deliveryId, eventId: r.eventId, error: r.result.error });
    }
  }
  return ids;
}

/**
 * Records attempts as they finish, many per statement: the first is written at once, and those
 * that finish while a write is under way go together in the next one. A runner that dies before
 * writing leaves its claims to lapse, and those attempts are made again (at least once), as when
 * it dies mid-attempt. `record` resolves to whether the attempt was recorded.
 */
export function attemptRecorder(client: DbClient, maxBatch = 100) {
  const queue: { record: AttemptRecord; done: (recorded: boolean) => void; fail: (error: unknown) => void }[] = [];
  let writing = false;
  async function write() {
    writing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, maxBatch);
        try {
          const recorded = await recordAttempts(client, batch.map((item) => item.record));
          for (const item of batch) item.done(recorded.has(item.record.deliveryId));
        } catch (error) {
          for (const item of batch) item.fail(error);
        }
      }
    } finally {
      writing = false;
    }
  }
  return {
    record(record: AttemptRecord): Promise<boolean> {
      return new Promise((done, fail) => {
        queue.push({ record, done, fail });
        if (!writing) void write();
      });
    },
  };
}
