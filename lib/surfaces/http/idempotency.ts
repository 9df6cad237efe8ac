import { createHash, randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import { ulid } from "@/lib/core/domain/ulid";
import { db, type DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { ApiError } from "@/lib/core/errors/api-error";
import { operatorTimeoutMs } from "@/lib/integrations/gateways/operators/operator-http";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim holds without renewal. A running request renews it every third of that, so
 * only a dead process's claim lapses, and a retry takes it over: with the contract's retry
 * advice (1 s, 2 s, 4 s...) the third retry after a crash, ~7 s later, goes through. (The work
 * itself runs in a transaction: idempotentTransactionTimeoutMs.) Exactly
 * once all the same: the resource and the stored response commit together, and only while the
 * committing request still holds the claim (its token), so a holder that was merely stalled past
 * its lease (a long GC pause, a frozen VM) rolls back instead of creating a second resource.
 */
export const IDEMPOTENCY_LEASE_MS = 3_000;

const PRISMA_DEFAULT_TRANSACTION_TIMEOUT_MS = 5_000;

/**
 * How long the work's transaction may last. A live deposit or payout calls its operator inside
 * it, after writing the row (so the resource and the stored response still commit together):
 * a token, the request, and its resends after an ambiguous MTN 5xx (bounded to fit), each up to OPERATOR_TIMEOUT_MS. Prisma's
 * default (5 s) would end the transaction mid-call and roll back a payment the operator had
 * received. The sandbox never calls an operator: it keeps the default, so a stalled holder cannot
 * block longer (on PGlite, one connection, a transaction holds up all others while it runs).
 * The lease stays short: it is renewed while the work runs.
 */
export const idempotentTransactionTimeoutMs = (environment: Environment) =>
  environment === "live" ? 3 * operatorTimeoutMs() + 5_000 : PRISMA_DEFAULT_TRANSACTION_TIMEOUT_MS;
const RENEW_EVERY_MS = Math.floor(IDEMPOTENCY_LEASE_MS / 3);

export type StoredResponse = { status: number; body: unknown; replayed?: boolean };

type Scope = { merchantId: string; environment: Environment; route: string };

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function requestFingerprint(body: unknown): string {
  return createHash("sha256").update(stableStringify(body)).digest("hex");
}

export function parseIdempotencyKey(header: string | null): string | null {
  if (header === null) return null;
  if (header.length < 1 || header.length > 255 || !/^[\x21-\x7e]+$/.test(header)) {
    throw new ApiError(40023, {
      details: "Idempotency-Key must be 1 to 255 visible ASCII characters",
    });
  }
  return header;
}

/**
 * Runs a creating operation at most once per Idempotency-Key. The claim is a row under a unique
 * constraint, so of concurrent duplicates exactly one runs; the others get 409 while it runs and
 * the stored response afterwards. The operation and the stored response commit together.
 */
export async function runIdempotent(
  scope: Scope,
  key: string | null,
  body: unknown,
  operation: (tx: DbClient) => Promise<StoredResponse>,
): Promise<StoredResponse> {
  if (key === null) return db().$transaction((tx) => operation(tx), { timeout: idempotentTransactionTimeoutMs(scope.environment) });

  const fingerprint = requestFingerprint(body);
  const claimed = await claim(scope, key, fingerprint);
  if ("status" in claimed) return claimed;
  const { id, token } = claimed;

  const renewal = setInterval(() => {
    void db()
      .idempotencyKey.updateMany({ where: { id, claimToken: token }, data: { leaseUntil: new Date(Date.now() + IDEMPOTENCY_LEASE_MS) } })
      .catch(() => {}); // a missed renewal only shortens the lease; the commit's token check stays
  }, RENEW_EVERY_MS);
  renewal.unref();
  try {
    return await db().$transaction(async (tx) => {
      const result = await operation(tx);
      const stored = await tx.idempotencyKey.updateMany({
        where: { id, claimToken: token },
        data: { responseStatus: result.status, responseBody: result.body as Prisma.InputJsonValue, claimToken: null, leaseUntil: null },
      });
      // Taken over by a retry while this one was stalled: roll back, the retry answers.
      if (stored.count === 0) throw stillProcessing();
      return result;
    }, { timeout: idempotentTransactionTimeoutMs(scope.environment) });
  } catch (error) {
    // Nothing was created: free the key so a corrected retry can use it (unless a retry holds it).
    await db().idempotencyKey.deleteMany({ where: { id, claimToken: token } }).catch(() => {});
    throw error;
  } finally {
    clearInterval(renewal);
  }
}

const stillProcessing = () =>
  new ApiError(40020, {
    status: 409,
    details: "A request with this Idempotency-Key is still being processed; retry shortly",
  });

type Claim = { id: string; token: string };

async function claim(scope: Scope, key: string, fingerprint: string): Promise<Claim | StoredResponse> {
  const where = { merchantId_environment_route_key: { ...scope, key } };
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = ulid();
    const token = randomUUID();
    const now = Date.now();
    const { count } = await db().idempotencyKey.createMany({
      data: [
        {
          id,
          ...scope,
          key,
          requestHash: fingerprint,
          expiresAt: new Date(now + IDEMPOTENCY_TTL_MS),
          claimToken: token,
          leaseUntil: new Date(now + IDEMPOTENCY_LEASE_MS),
        },
      ],
      skipDuplicates: true,
    });
    if (count === 1) return { id, token };

    const existing = await db().idempotencyKey.findUnique({ where });
    if (!existing) continue; // expired and removed between the two statements
    if (existing.expiresAt.getTime() <= now) {
      await db().idempotencyKey.deleteMany({ where: { id: existing.id, expiresAt: { lte: new Date(now) } } });
      continue;
    }
    if (existing.requestHash !== fingerprint) {
      throw new ApiError(40020, {
        status: 422,
        details: "This Idempotency-Key was already used with a different request body",
      });
    }
    if (existing.responseStatus !== null) {
      return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
    }
    // The holder stopped renewing (its process died): take the claim over, one taker only.
    const lapsed = new Date(now);
    const taken = await db().idempotencyKey.updateMany({
      where: {
        id: existing.id,
        responseStatus: null,
        // A claim written before leases existed has none: its age stands in.
        OR: [{ leaseUntil: { lte: lapsed } }, { leaseUntil: null, createdAt: { lte: new Date(now - IDEMPOTENCY_LEASE_MS) } }],
      },
      data: { claimToken: token, leaseUntil: new Date(now + IDEMPOTENCY_LEASE_MS) },
    });
    if (taken.count === 1) return { id: existing.id, token };
    throw stillProcessing();
  }
  throw new ApiError(40020, { status: 409, details: "Idempotency-Key contention; retry shortly" });
}
