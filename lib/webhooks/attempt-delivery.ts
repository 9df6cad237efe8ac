import { randomUUID } from "node:crypto";
import type { Prisma, WebhookDeliveryStatus } from "@prisma/client";
import { ulid } from "@/lib/domain/ulid";
import type { DbClient } from "@/lib/db/client";
import { log } from "@/lib/logging/log";
import { sendWebhookRequest } from "./send-webhook-request";
import { signWebhook } from "./sign-webhook";
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
  await attemptClaimedDelivery(client, { deliveryId: options.deliveryId, claimToken, now, settings });
  return currentState(client, options.deliveryId, true);
}

/**
 * Up to `limit` due deliveries claimed for this runner in one statement (the sweep's batch; see
 * lib/jobs/claim-due-rows.ts for FOR UPDATE SKIP LOCKED), all under one claim token whose lease
 * covers the batch worked through `concurrency` at a time. Each is then attempted with
 * attemptClaimedDelivery.
 */
export async function claimDueDeliveries(
  client: DbClient,
  options: { now: Date; limit: number; concurrency: number; settings?: WebhookSettings },
): Promise<{ ids: string[]; claimToken: string }> {
  const settings = options.settings ?? webhookSettings();
  const claimToken = randomUUID();
  const rounds = Math.ceil(options.limit / Math.max(1, options.concurrency));
  const until = new Date(options.now.getTime() + rounds * settings.timeoutMs + leaseMs(settings));
  const rows = await client.$queryRaw<{ id: string }[]>`
    UPDATE "WebhookDelivery" SET "lockedUntil" = ${until}::timestamp(3), "claimToken" = ${claimToken}
    WHERE "id" IN (
      SELECT "id" FROM "WebhookDelivery"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${options.now}::timestamp(3)
        AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${options.now}::timestamp(3))
      ORDER BY "nextAttemptAt"
      LIMIT ${options.limit}::int
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id"`;
  return { ids: rows.map((row) => row.id), claimToken };
}

const withSecrets = {
  event: { include: { merchant: { select: { webhookSecret: true, previousWebhookSecret: true, previousSecretExpiresAt: true } } } },
} satisfies Prisma.WebhookDeliveryInclude;

/** A delivery with what its attempt needs: the event's body and the merchant's signing secrets. */
export type DeliveryToAttempt = Prisma.WebhookDeliveryGetPayload<{ include: typeof withSecrets }>;

/** The claimed deliveries of a batch with their events and secrets, in one read. */
export function loadDeliveries(client: DbClient, ids: string[]): Promise<DeliveryToAttempt[]> {
  return ids.length ? client.webhookDelivery.findMany({ where: { id: { in: ids } }, include: withSecrets }) : Promise.resolve([]);
}

/**
 * The attempt of a delivery this runner holds under claimToken: signs, sends, and records it
 * with the delivery's next state (see attemptDelivery). Returns whether the attempt was recorded.
 * `delivery` is the row as loaded after the claim (loadDeliveries), or read here.
 */
export async function attemptClaimedDelivery(
  client: DbClient,
  options: { deliveryId: string; claimToken: string; now: Date; settings?: WebhookSettings; delivery?: DeliveryToAttempt },
): Promise<boolean> {
  const { now, claimToken } = options;
  const settings = options.settings ?? webhookSettings();
  const delivery = options.delivery ?? (await client.webhookDelivery.findUniqueOrThrow({ where: { id: options.deliveryId }, include: withSecrets }));
  // Signed at the real time: receivers check the timestamp against their own clock.
  const startedAt = new Date();
  const headers = signWebhook({ id: delivery.eventId, body: delivery.event.payload, at: startedAt, secrets: delivery.event.merchant });
  const result = await sendWebhookRequest({ url: delivery.url, body: delivery.event.payload, headers, settings });

  // deliveredAt/deadAt are facts about the attempt, so they are its real end (startedAt +
  // duration, never before it started); the next retry is planned on the scheduler's clock.
  const finishedAt = new Date(startedAt.getTime() + result.durationMs);
  const scheduledFinish = new Date(now.getTime() + result.durationMs);
  const failures = delivery.roundFailures + (result.ok ? 0 : 1);
  const exhausted = !result.ok && (result.permanent || failures > settings.retryScheduleMs.length);
  const status = result.ok ? "delivered" : exhausted ? "dead" : "pending";
  const nextAttemptAt = status === "pending" ? new Date(scheduledFinish.getTime() + settings.retryScheduleMs[failures - 1]) : null;

  // The delivery's next state and the attempt's record in one statement (atomic, one round
  // trip): nothing is written unless this runner still holds the claim.
  const recorded = await client.$queryRaw<{ id: string }[]>`
    WITH updated AS (
      UPDATE "WebhookDelivery" SET
        "status" = ${status}::"WebhookDeliveryStatus",
        "deliveredAt" = CASE WHEN ${status} = 'delivered' THEN ${finishedAt}::timestamp(3) ELSE "deliveredAt" END,
        "deadAt" = CASE WHEN ${status} = 'dead' THEN ${finishedAt}::timestamp(3) ELSE "deadAt" END,
        "nextAttemptAt" = ${nextAttemptAt}::timestamp(3),
        "attemptCount" = "attemptCount" + 1,
        "roundFailures" = ${failures}::int,
        "lastError" = ${result.error},
        "lockedUntil" = NULL,
        "claimToken" = NULL
      WHERE "id" = ${delivery.id} AND "claimToken" = ${claimToken}
      RETURNING "id"
    )
    INSERT INTO "WebhookAttempt" ("id", "deliveryId", "number", "startedAt", "durationMs", "httpStatus", "responseExcerpt", "error", "succeeded")
    SELECT ${`wha_${ulid()}`}, "id", ${delivery.attemptCount + 1}::int, ${startedAt}::timestamp(3), ${result.durationMs}::int,
      ${result.httpStatus}::int, ${result.responseExcerpt}::text, ${result.error}::text, ${result.ok}::boolean
    FROM updated
    RETURNING "id"`;
  if (recorded.length === 0) {
    // Only when the attempt outlived its lease and another runner took over the delivery.
    log("warn", "webhook attempt finished after its claim lapsed; not recorded", { deliveryId: delivery.id });
    return false;
  }
  if (status === "dead") {
    log("warn", "webhook dead-lettered", { deliveryId: delivery.id, eventId: delivery.eventId, error: result.error });
  }
  return true;
}
