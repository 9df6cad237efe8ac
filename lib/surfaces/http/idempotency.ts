import { createHash, randomUUID } from "node:crypto";
import { ulid } from "@/lib/core/domain/ulid";
import { db, sqlOn, type DbClient } from "@/lib/core/db/client";
import { lockStatement, runLockedWrite, type LockedWrite } from "@/lib/core/db/locked-write";
import { writePrepared, type PreparedRow } from "@/lib/core/db/prepared-row";
import type { RowInsertStatement, Sql } from "@/lib/core/db/sql";
import { inSqlTransaction } from "@/lib/core/db/sql-transaction";
import { ApiError } from "@/lib/core/errors/api-error";
import { apiErrorOf } from "./api-error-of";
import {
  commitIntent, commitIntentStatement, deleteExpiredKey, findKey, freeClaim, insertClaim, insertClaimLocking, insertClaimWith, renewClaim,
  storeAnswer, takeOverLapsedClaim,
  type Claim, type ExistingKey, type IdempotencyScope, type NewClaim,
} from "./idempotency-record";

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

export type { IdempotencyScope };
type Scope = IdempotencyScope;

/**
 * Deeper than any body a route's schema lets through whole; a transfer batch's lines reach the
 * fingerprint unread (its feature checks each), and a line nested thousands deep overflowed the stack.
 */
const MAX_FINGERPRINT_DEPTH = 64;

function stableStringify(value: unknown, depth = 0): string {
  if (depth > MAX_FINGERPRINT_DEPTH) throw new ApiError(40023, { details: `the body nests deeper than ${MAX_FINGERPRINT_DEPTH} levels` });
  if (Array.isArray(value)) return `[${value.map((item) => stableStringify(item, depth + 1)).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v, depth + 1)}`).join(",")}}`;
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
async function renewingClaim<T>(claimed: Claim, work: () => Promise<T>): Promise<T> {
  const renewal = setInterval(() => {
    // A missed renewal only shortens the lease; every write keeps the token check.
    renewClaim(sqlOn(db()), claimed, Date.now() + IDEMPOTENCY_LEASE_MS).catch(() => {});
  }, RENEW_EVERY_MS);
  renewal.unref();
  try {
    return await work();
  } finally {
    clearInterval(renewal);
  }
}

/** Nothing was created: free the key so a corrected retry can use it (unless a retry holds it now). */
const freeKey = (claimed: Claim) => freeClaim(sqlOn(db()), claimed).catch(() => {});

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
  return runClaimed(await claim(scope, key, requestFingerprint(body)), operation);
}

/** runIdempotent once the key is claimed (or its stored answer found): the operation and the answer in one transaction. */
async function runClaimed(claimed: Claim | StoredResponse, operation: (tx: DbClient) => Promise<StoredResponse>): Promise<StoredResponse> {
  if ("status" in claimed) return claimed;
  try {
    return await renewingClaim(claimed, () =>
      db().$transaction(async (tx) => {
        const result = await operation(tx);
        if (!(await storeAnswer(sqlOn(tx), claimed, result))) throw stillProcessing();
        return result;
      }),
    );
  } catch (error) {
    await freeKey(claimed);
    throw error;
  }
}

/** A create that writes one row and nothing else, whose answer is known before the row is written. */
export type PreparedInsert = {
  insert: RowInsertStatement;
  answer: StoredResponse;
  /** What follows the row's write, once, when this request wrote it (a job trigger). */
  written?: () => void;
};

/**
 * A create of one row, at most once per Idempotency-Key: the row and the key's record, answer
 * included, in one statement (insertClaimWith), so that a keyed create costs one round trip, as an
 * unkeyed one does, not a transaction's five. A key already there (a retry, a duplicate that waited
 * for the first's commit, an expired or abandoned key) goes the general way (claim, runClaimed), which
 * replays the answer, refuses another body, answers 409 to a live claim or takes a dead one over.
 */
export async function runIdempotentInsert(scope: Scope, key: string | null, body: unknown, prepared: PreparedInsert): Promise<StoredResponse> {
  const { insert, answer, written } = prepared;
  const sql = sqlOn(db());
  if (key === null) {
    await sql(insert.text, insert.params);
    written?.();
    return answer;
  }
  const fingerprint = requestFingerprint(body);
  const finished: NewClaim = { ...newClaim(scope, key, fingerprint, Date.now()), token: null, leaseUntil: null, recoveryPoint: "finished", answer };
  if (await insertClaimWith(sql, finished, insert)) {
    written?.();
    return answer;
  }
  const result = await runClaimed(await claim(scope, key, fingerprint), async (tx) => {
    await sqlOn(tx)(insert.text, insert.params);
    return answer;
  });
  if (!result.replayed) written?.();
  return result;
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
 *
 * A new key's claim goes with the intent: in the one statement of a prepared row (a deposit), or in
 * the transaction of a locked write (a transfer, a refund: the claim with the balance lock, the
 * recovery point with the rows, BEGIN and COMMIT around them), so that it costs no round trip of
 * its own; a refusal rolls the claim back with the rest. A key already there goes the general way.
 */
export async function runIdempotentPhases<R extends { id: string }>(
  scope: Scope,
  key: string | null,
  body: unknown,
  phases: {
    intent: Intent<R>;
    /** `written`: the row as the intent committed it; null when resuming another request's (read it by id). */
    complete: (resourceId: string, written: R | null) => Promise<StoredResponse>;
  },
): Promise<StoredResponse> {
  const { intent, complete } = phases;
  // Without a key there is nothing to resume: each phase is its own (intent makes its own transaction).
  if (key === null) {
    const written =
      typeof intent === "function" ? await intent(db())
      : "prepare" in intent ? await writePrepared(db(), await intent.prepare())
      : await runLockedWrite(db(), await intent.locked());
    return complete(written.id, written);
  }
  // Prepared before the key is read. Should preparing fail (a gateway turned off since, a payment
  // not found), a key already used still gets its answer: the general way below reads the key
  // first, and prepares again.
  const early = await ready(intent).catch(() => null);
  const fingerprint = requestFingerprint(body);
  if (early && "row" in early) {
    // A new key: its claim, already at its intent, and the resource's row in one statement.
    const prepared = early.row;
    const fresh: NewClaim = { ...newClaim(scope, key, fingerprint, Date.now()), recoveryPoint: "intent_committed", resourceId: prepared.row.id };
    if (await insertClaimWith(sqlOn(db()), fresh, prepared.insert)) {
      prepared.written?.();
      return completeClaimed({ id: fresh.id, token: fresh.token!, resourceId: prepared.row.id }, prepared.row, complete);
    }
  }
  if (early && "locked" in early) {
    // A new key: its claim with the lock, its recovery point with the rows, in one transaction.
    const fresh = newClaim(scope, key, fingerprint, Date.now());
    const claimed: Claim = { id: fresh.id, token: fresh.token!, resourceId: null };
    const row = await inSqlTransaction(db(), async (sql) =>
      (await insertClaimLocking(sql, fresh, early.locked.lock)) ? writeUnderLock(sql, early.locked, claimed) : null,
    );
    if (row) return completeClaimed({ ...claimed, resourceId: row.id }, row, complete);
  }
  const claimed = await claim(scope, key, fingerprint);
  if ("status" in claimed) return claimed;
  if (claimed.resourceId !== null) return completeClaimed({ ...claimed, resourceId: claimed.resourceId }, null, complete);
  let written: R;
  try {
    written = await renewingClaim(claimed, () => writeClaimedIntent(intent, early, claimed));
  } catch (error) {
    // The intent did not commit: nothing stands, the key is free.
    await freeKey(claimed);
    throw error;
  }
  return completeClaimed({ ...claimed, resourceId: written.id }, written, complete);
}

/**
 * An intent that writes in the client it is given; or one row prepared before anything is written
 * (a deposit); or a write under a lock prepared before its transaction (a transfer, a refund:
 * lib/core/db/locked-write.ts). The last two can go with a new key's claim.
 */
type Intent<R> = ((client: DbClient) => Promise<R>) | { prepare: () => Promise<PreparedRow<R>> } | { locked: () => Promise<LockedWrite<R>> };

/** An intent made ready before the key is read; null for one that is given its client. */
type Ready<R> = { row: PreparedRow<R> } | { locked: LockedWrite<R> } | null;

async function ready<R>(intent: Intent<R>): Promise<Ready<R>> {
  if (typeof intent === "function") return null;
  return "prepare" in intent ? { row: await intent.prepare() } : { locked: await intent.locked() };
}

/** The intent of a claim taken the general way (a new claim that met a key since freed, or a lapsed one taken over), committed with its recovery point. */
async function writeClaimedIntent<R extends { id: string }>(intent: Intent<R>, early: Ready<R>, claimed: Claim): Promise<R> {
  if (typeof intent === "function" || "prepare" in intent) {
    const prepared = early && "row" in early ? early.row : null;
    return db().$transaction(async (tx) => {
      const row = typeof intent === "function" ? await intent(tx) : await writePrepared(tx, prepared ?? (await intent.prepare()));
      if (!(await commitIntent(sqlOn(tx), claimed, row.id, Date.now() + IDEMPOTENCY_LEASE_MS))) throw stillProcessing();
      return row;
    });
  }
  const locked = early && "locked" in early ? early.locked : await intent.locked();
  return inSqlTransaction(db(), async (sql) => {
    const lock = lockStatement(locked.lock);
    await sql(lock.text, lock.params);
    return writeUnderLock(sql, locked, claimed);
  });
}

/** A locked write, its lock held, with the claim's recovery point: refused (409) when the claim was taken over meanwhile. */
async function writeUnderLock<R>(sql: Sql, locked: LockedWrite<R>, claimed: Claim): Promise<R> {
  const row = await locked.write(sql, commitIntentStatement(claimed, locked.id, Date.now() + IDEMPOTENCY_LEASE_MS));
  if (row === null) throw stillProcessing();
  return row;
}

/** The second phase of a claim whose intent committed: `written` is this request's row, null when resuming another's. */
async function completeClaimed<R extends { id: string }>(
  claimed: Claim & { resourceId: string },
  written: R | null,
  complete: (resourceId: string, written: R | null) => Promise<StoredResponse>,
): Promise<StoredResponse> {
  try {
    return await renewingClaim(claimed, async () => {
      const result = await complete(claimed.resourceId, written);
      // Taken over by a retry while this one was stalled: the retry resumes the same resource and
      // stores its own answer; this one still answers for it.
      await storeAnswer(sqlOn(db()), claimed, result);
      return result;
    });
  } catch (error) {
    // complete undid the intent: nothing stands, the key is free. Otherwise the resource stands:
    // the key keeps it for a retry to resume once the lease lapses.
    if (apiErrorOf(error)) await freeKey(claimed);
    throw error;
  }
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

async function claim(scope: Scope, key: string, fingerprint: string): Promise<Claim | StoredResponse> {
  const sql = sqlOn(db());
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = Date.now();
    const fresh = newClaim(scope, key, fingerprint, now);
    if (await insertClaim(sql, fresh)) return { id: fresh.id, token: fresh.token!, resourceId: null };
    const existing = await existingKey(sql, scope, key, fingerprint, now);
    if (existing === "gone") continue;
    if ("status" in existing) return existing;
    // The holder stopped renewing (its process died): take the claim over, one taker only.
    const token = randomUUID();
    if (await takeOverLapsedClaim(sql, existing.id, token, now, IDEMPOTENCY_LEASE_MS)) return { id: existing.id, token, resourceId: existing.resourceId };
    throw stillProcessing();
  }
  throw new ApiError(40020, { status: 409, details: "Idempotency-Key contention; retry shortly", hint: IN_PROGRESS_HINT });
}

/** A claim on a new key, held by this request for a lease. */
function newClaim(scope: Scope, key: string, requestHash: string, now: number): NewClaim {
  return {
    id: ulid(), scope, key, requestHash, now, expiresAt: now + IDEMPOTENCY_TTL_MS,
    token: randomUUID(), leaseUntil: now + IDEMPOTENCY_LEASE_MS, recoveryPoint: "started", resourceId: null, answer: null,
  };
}

/**
 * What the key's row says to a request that could not write it: its stored answer (replayed), a
 * refusal (another body: 422), "gone" (it expired, or was freed, since: claim again), or the
 * unfinished row for a take-over.
 */
async function existingKey(sql: Sql, scope: Scope, key: string, fingerprint: string, now: number): Promise<ExistingKey | StoredResponse | "gone"> {
  const existing = await findKey(sql, scope, key);
  if (!existing) return "gone";
  if (existing.expiresAtMs <= now) {
    await deleteExpiredKey(sql, existing.id, now);
    return "gone";
  }
  if (existing.requestHash !== fingerprint) {
    throw new ApiError(40020, {
      status: 422,
      details: "This Idempotency-Key was already used with a different request body",
      hint: "formReused",
    });
  }
  if (existing.responseStatus !== null) return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
  return existing;
}
