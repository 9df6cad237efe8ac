import { createHash, randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import { ulid } from "@/lib/core/domain/ulid";
import { db, type DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { ApiError } from "@/lib/core/errors/api-error";
import { apiErrorOf } from "./api-error-of";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim holds without renewal. A running request renews it every third of that, so
 * only a dead process's claim lapses, and a retry takes it over: with the contract's retry
 * advice (1 s, 2 s, 4 s...) the third retry after a crash, ~7 s later, goes through. Exactly once
 * all the same: what a request commits is tied to its key (its recovery point, below), and every
 * write of the key checks the claim's token, so a retry resumes the same resource and a holder
 * that was merely stalled past its lease (a long GC pause, a frozen VM) creates nothing more.
 */
export const IDEMPOTENCY_LEASE_MS = 3_000;

const RENEW_EVERY_MS = Math.floor(IDEMPOTENCY_LEASE_MS / 3);

export type StoredResponse = { status: number; body: unknown; replayed?: boolean };

export type IdempotencyScope = { merchantId: string; environment: Environment; route: string };
type Scope = IdempotencyScope;

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

/** Runs a claimed key's work with its claim renewed meanwhile, so only a dead process's claim lapses. */
async function renewingClaim<T>(claimed: { id: string; token: string }, work: () => Promise<T>): Promise<T> {
  const { id, token } = claimed;
  const renewal = setInterval(() => {
    void db()
      .idempotencyKey.updateMany({ where: { id, claimToken: token }, data: { leaseUntil: new Date(Date.now() + IDEMPOTENCY_LEASE_MS) } })
      .catch(() => {}); // a missed renewal only shortens the lease; every write keeps the token check
  }, RENEW_EVERY_MS);
  renewal.unref();
  try {
    return await work();
  } finally {
    clearInterval(renewal);
  }
}

/** Nothing was created: free the key so a corrected retry can use it (unless a retry holds it now). */
const freeKey = (claimed: { id: string; token: string }) => db().idempotencyKey.deleteMany({ where: { id: claimed.id, claimToken: claimed.token } }).catch(() => {});

/**
 * Runs a creating operation that calls nothing outside at most once per Idempotency-Key. The claim
 * is a row under a unique constraint, so of concurrent duplicates exactly one runs; the others get
 * 409 while it runs and the stored response afterwards. The operation and the stored response
 * commit together.
 */
export async function runIdempotent(
  scope: Scope,
  key: string | null,
  body: unknown,
  operation: (tx: DbClient) => Promise<StoredResponse>,
): Promise<StoredResponse> {
  if (key === null) return db().$transaction((tx) => operation(tx));
  const claimed = await claim(scope, key, requestFingerprint(body));
  if ("status" in claimed) return claimed;
  try {
    return await renewingClaim(claimed, () =>
      db().$transaction(async (tx) => {
        const result = await operation(tx);
        if (!(await storeResponse(tx, claimed, result))) throw stillProcessing();
        return result;
      }),
    );
  } catch (error) {
    await freeKey(claimed);
    throw error;
  }
}

/**
 * A creating request that calls an operator, in atomic phases (Brandur Leach, "Implementing
 * Stripe-like Idempotency Keys in Postgres"), so the operator is never called inside a
 * transaction nor under a lock, and nothing it was asked to do is ever lost or done twice:
 * 1. `intent`, in one transaction with the key's recovery point: the resource written, its money
 *    held, the operator request id it will carry chosen; committed before anything leaves.
 * 2. `complete`, outside any transaction: the operator's call and the record of what it said
 *    (claimed per row: lib/features/money-out/send-claim.ts), then the response, stored on the key.
 * A retry with the same key after the first request stopped between the two (a crash, a deploy, a
 * lost connection) resumes the same resource (`complete(id, null)`), never restarts it. `complete`
 * throws an ApiError only when it undid the intent (the operator surely refused a deposit and its
 * row was deleted): the key is then freed, as when nothing was created.
 */
export async function runIdempotentPhases<R extends { id: string }>(
  scope: Scope,
  key: string | null,
  body: unknown,
  phases: {
    intent: (client: DbClient) => Promise<R>;
    /** `written`: the row as the intent committed it; null when resuming another request's (read it by id). */
    complete: (resourceId: string, written: R | null) => Promise<StoredResponse>;
  },
): Promise<StoredResponse> {
  // Without a key there is nothing to resume: each phase is its own (intent makes its own transaction).
  if (key === null) {
    const written = await phases.intent(db());
    return phases.complete(written.id, written);
  }
  const claimed = await claim(scope, key, requestFingerprint(body));
  if ("status" in claimed) return claimed;
  let resourceId = claimed.resourceId;
  try {
    return await renewingClaim(claimed, async () => {
      let written: R | null = null;
      if (resourceId === null) {
        written = await db().$transaction(async (tx) => {
          const row = await phases.intent(tx);
          const { count } = await tx.idempotencyKey.updateMany({
            where: { id: claimed.id, claimToken: claimed.token },
            data: { recoveryPoint: "intent_committed", resourceId: row.id },
          });
          if (count === 0) throw stillProcessing();
          return row;
        });
        resourceId = written.id;
      }
      const result = await phases.complete(resourceId, written);
      // Taken over by a retry while this one was stalled: the retry resumes the same resource and
      // stores its own answer; this one still answers for it.
      await storeResponse(db(), claimed, result);
      return result;
    });
  } catch (error) {
    // Before the intent committed, or after complete undid it: nothing stands, the key is free.
    // Otherwise the resource stands: the key keeps it for a retry to resume once the lease lapses.
    if (resourceId === null || apiErrorOf(error)) await freeKey(claimed);
    throw error;
  }
}

async function storeResponse(client: DbClient, claimed: { id: string; token: string }, result: StoredResponse): Promise<boolean> {
  const { count } = await client.idempotencyKey.updateMany({
    where: { id: claimed.id, claimToken: claimed.token },
    data: { recoveryPoint: "finished", responseStatus: result.status, responseBody: result.body as Prisma.InputJsonValue, claimToken: null, leaseUntil: null },
  });
  return count === 1;
}

// The hints name these two refusals for the dashboard's forms, which word them for people
// (messages: apiErrors.hints); the API's envelope never carries a hint.
const IN_PROGRESS_HINT = "formInProgress";

const stillProcessing = () =>
  new ApiError(40020, {
    status: 409,
    details: "A request with this Idempotency-Key is still being processed; retry shortly",
    hint: IN_PROGRESS_HINT,
  });

/** The key's first request is still running (409/40020): asking again shortly gets its answer. */
export const isStillProcessing = (error: unknown) => error instanceof ApiError && error.hint === IN_PROGRESS_HINT;

/** A claimed key: its row, our token, and the resource an earlier holder committed (null: none yet). */
type Claim = { id: string; token: string; resourceId: string | null };

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
    if (count === 1) return { id, token, resourceId: null };

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
        hint: "formReused",
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
    if (taken.count === 1) return { id: existing.id, token, resourceId: existing.resourceId };
    throw stillProcessing();
  }
  throw new ApiError(40020, { status: 409, details: "Idempotency-Key contention; retry shortly", hint: IN_PROGRESS_HINT });
}
