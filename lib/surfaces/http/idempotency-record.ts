import type { LockUpsert } from "@/lib/core/db/locked-write";
import { epochMs, timestampParam, type RowInsertStatement, type Sql, type SqlParam, type Statement } from "@/lib/core/db/sql";
import type { Environment } from "@/lib/core/domain/environment";

// The idempotency record's statements (the IdempotencyKey table), in direct SQL: a keyed create
// runs three or four of them, and through Prisma each cost about a millisecond of CPU, more than
// the work the key guards (bench/profile-keyed-logs-on.md, issue 47). idempotency.ts says what they
// are for. Every statement runs on its own (autocommit) except `store`, `commitIntent` and
// `insertClaimLocking`, which run in the caller's transaction, on the Sql it is given.

export type IdempotencyScope = { merchantId: string; environment: Environment; route: string };

/** A claimed key: its row, our token, and the resource an earlier holder committed (null: none yet). */
export type Claim = { id: string; token: string; resourceId: string | null };

/** The key's row as a request that did not claim it reads it. */
export type ExistingKey = {
  id: string;
  requestHash: string;
  expiresAtMs: number;
  responseStatus: number | null;
  responseBody: unknown;
  resourceId: string | null;
};

/** An answer to store on the key. */
export type RecordedAnswer = { status: number; body: unknown };

const KEY = `"merchantId", environment, route, key`;
const CLAIM_COLUMNS = `id, ${KEY}, "requestHash", "createdAt", "expiresAt", "claimToken", "leaseUntil", "recoveryPoint", "resourceId", "responseStatus", "responseBody"`;

/** The claim row's values, numbered from `from`: everything a claim, an intent or an answer writes in one go. */
function claimValues(from: number) {
  const n = (i: number, cast = "") => `$${from + i}${cast}`;
  return `${n(0)}, ${n(1)}, ${n(2, '::"Environment"')}, ${n(3)}, ${n(4)}, ${n(5)}, ${n(6, "::timestamp(3)")}, ${n(7, "::timestamp(3)")}, ${n(8)}, ${n(9, "::timestamp(3)")}, ${n(10)}, ${n(11)}, ${n(12, "::int")}, ${n(13, "::jsonb")}`;
}

export type NewClaim = {
  id: string;
  scope: IdempotencyScope;
  key: string;
  requestHash: string;
  now: number;
  expiresAt: number;
  /** While the request runs (null when the row is written finished). */
  token: string | null;
  leaseUntil: number | null;
  recoveryPoint: "started" | "intent_committed" | "finished";
  resourceId: string | null;
  answer: RecordedAnswer | null;
};

function claimParams(c: NewClaim): SqlParam[] {
  const { merchantId, environment, route } = c.scope;
  return [
    c.id, merchantId, environment, route, c.key, c.requestHash, timestampParam(new Date(c.now)), timestampParam(new Date(c.expiresAt)),
    c.token, c.leaseUntil === null ? null : timestampParam(new Date(c.leaseUntil)), c.recoveryPoint, c.resourceId,
    c.answer ? String(c.answer.status) : null, c.answer ? JSON.stringify(c.answer.body ?? null) : null,
  ];
}

const INSERT_CLAIM = `INSERT INTO "IdempotencyKey" (${CLAIM_COLUMNS}) VALUES (${claimValues(1)}) ON CONFLICT (${KEY}) DO NOTHING RETURNING id`;

/** Writes the key's row unless the key has one: true when this call wrote it. */
export async function insertClaim(sql: Sql, claim: NewClaim): Promise<boolean> {
  return (await sql(INSERT_CLAIM, claimParams(claim))).length === 1;
}

// One text per resource table (a handful), so each is prepared once per connection (sql.ts).
const guardedTexts = new Map<string, string>();

/**
 * The key's row and the resource's row in one statement, so both or neither are written: the
 * resource's INSERT runs only when the key's did (ON CONFLICT DO NOTHING writes no row for a key
 * already there, whatever state it is in). Nothing else reads the two between them, and it takes
 * one round trip instead of a transaction's five. True when both were written.
 */
export async function insertClaimWith(sql: Sql, claim: NewClaim, insert: RowInsertStatement): Promise<boolean> {
  const shape = `${insert.into}|${insert.values}`;
  let text = guardedTexts.get(shape);
  if (!text) {
    const values = insert.values; // numbered from 1: the claim's parameters follow the row's
    text =
      `WITH claimed AS (INSERT INTO "IdempotencyKey" (${CLAIM_COLUMNS}) VALUES (${claimValues(insert.params.length + 1)}) ` +
      `ON CONFLICT (${KEY}) DO NOTHING RETURNING id), ` +
      `written AS (INSERT INTO ${insert.into} SELECT ${values} WHERE EXISTS (SELECT 1 FROM claimed) RETURNING 1) ` +
      `SELECT count(*)::text AS written FROM written`;
    guardedTexts.set(shape, text);
  }
  const [row] = await sql(text, [...insert.params, ...claimParams(claim)]);
  return row?.written === "1";
}

const lockingTexts = new Map<string, string>();

/**
 * The key's claim and a lock (lib/core/db/locked-write.ts: a transfer's or refund's balance lock)
 * in one statement, in the caller's transaction: the lock is taken only when the claim was written
 * (a key already there writes nothing and takes nothing). True when both were. The claim commits
 * with what the transaction writes under the lock, its recovery point among it (commitIntentStatement).
 */
export async function insertClaimLocking(sql: Sql, claim: NewClaim, lock: LockUpsert): Promise<boolean> {
  const shape = `${lock.into}|${lock.values}|${lock.onConflict}`;
  let text = lockingTexts.get(shape);
  if (!text) {
    text =
      `WITH claimed AS (INSERT INTO "IdempotencyKey" (${CLAIM_COLUMNS}) VALUES (${claimValues(lock.params.length + 1)}) ` +
      `ON CONFLICT (${KEY}) DO NOTHING RETURNING id) ` +
      `INSERT INTO ${lock.into} SELECT ${lock.values} WHERE EXISTS (SELECT 1 FROM claimed) ${lock.onConflict} RETURNING 1`;
    lockingTexts.set(shape, text);
  }
  return (await sql(text, [...lock.params, ...claimParams(claim)])).length === 1;
}

const SELECT_KEY = `SELECT id, "requestHash", ${epochMs('"expiresAt"')} AS "expiresAt", "responseStatus"::text, "responseBody"::text, "resourceId"
  FROM "IdempotencyKey" WHERE "merchantId" = $1 AND environment = $2::"Environment" AND route = $3 AND key = $4`;

export async function findKey(sql: Sql, scope: IdempotencyScope, key: string): Promise<ExistingKey | null> {
  const [row] = await sql(SELECT_KEY, [scope.merchantId, scope.environment, scope.route, key]);
  if (!row) return null;
  return {
    id: row.id!,
    requestHash: row.requestHash!,
    expiresAtMs: Number(row.expiresAt),
    responseStatus: row.responseStatus === null ? null : Number(row.responseStatus),
    responseBody: row.responseBody === null ? null : JSON.parse(row.responseBody),
    resourceId: row.resourceId,
  };
}

const DELETE_EXPIRED = `DELETE FROM "IdempotencyKey" WHERE id = $1 AND "expiresAt" <= $2::timestamp(3)`;

export async function deleteExpiredKey(sql: Sql, id: string, now: number) {
  await sql(DELETE_EXPIRED, [id, timestampParam(new Date(now))]);
}

// A claim written before leases existed has none: its age stands in.
const TAKE_OVER = `UPDATE "IdempotencyKey" SET "claimToken" = $2, "leaseUntil" = $3::timestamp(3)
  WHERE id = $1 AND "responseStatus" IS NULL AND ("leaseUntil" <= $4::timestamp(3) OR ("leaseUntil" IS NULL AND "createdAt" <= $5::timestamp(3)))
  RETURNING id`;

/** Takes over a claim whose holder stopped renewing it (its process died): one taker only. */
export async function takeOverLapsedClaim(sql: Sql, id: string, token: string, now: number, leaseMs: number): Promise<boolean> {
  const rows = await sql(TAKE_OVER, [id, token, timestampParam(new Date(now + leaseMs)), timestampParam(new Date(now)), timestampParam(new Date(now - leaseMs))]);
  return rows.length === 1;
}

const RENEW = `UPDATE "IdempotencyKey" SET "leaseUntil" = $3::timestamp(3) WHERE id = $1 AND "claimToken" = $2`;

export async function renewClaim(sql: Sql, claim: Claim, leaseUntil: number) {
  await sql(RENEW, [claim.id, claim.token, timestampParam(new Date(leaseUntil))]);
}

const FREE = `DELETE FROM "IdempotencyKey" WHERE id = $1 AND "claimToken" = $2`;

/** Nothing was created: the key is removed so a corrected retry can use it (unless a retry holds it now). */
export async function freeClaim(sql: Sql, claim: Claim) {
  await sql(FREE, [claim.id, claim.token]);
}

// The lease is renewed with it: the intent may have waited on a lock for a good part of it.
const COMMIT_INTENT = `UPDATE "IdempotencyKey" SET "recoveryPoint" = 'intent_committed', "resourceId" = $3, "leaseUntil" = $4::timestamp(3)
  WHERE id = $1 AND "claimToken" = $2 RETURNING id`;

/** The intent's recovery point as a statement to run with the intent's rows (lib/core/db/locked-write.ts: it returns a row when the claim still holds). */
export function commitIntentStatement(claim: Claim, resourceId: string, leaseUntil: number): Statement {
  return { text: COMMIT_INTENT, params: [claim.id, claim.token, resourceId, timestampParam(new Date(leaseUntil))] };
}

/** The intent's recovery point, in the intent's transaction: false when the claim was taken over meanwhile. */
export async function commitIntent(sql: Sql, claim: Claim, resourceId: string, leaseUntil: number): Promise<boolean> {
  const { text, params } = commitIntentStatement(claim, resourceId, leaseUntil);
  return (await sql(text, params)).length === 1;
}

const STORE = `UPDATE "IdempotencyKey" SET "recoveryPoint" = 'finished', "responseStatus" = $3::int, "responseBody" = $4::jsonb, "claimToken" = NULL, "leaseUntil" = NULL
  WHERE id = $1 AND "claimToken" = $2 RETURNING id`;

/** The answer, stored once by the claim's holder: false when the claim was taken over meanwhile. */
export async function storeAnswer(sql: Sql, claim: Claim, answer: RecordedAnswer): Promise<boolean> {
  return (await sql(STORE, [claim.id, claim.token, String(answer.status), JSON.stringify(answer.body ?? null)])).length === 1;
}
