import type { DbClient } from "./client";
import { statementJoiner, type RowInsertStatement, type Sql, type SqlParam, type Statement } from "./sql";
import { inSqlTransaction } from "./sql-transaction";

// A write that checks what it may write under a lock, in direct SQL (a transfer or a refund's
// intent: the balance lock, the balance check, the rows and their ledger entries): the lock in one
// statement, the check and the rows in the next, so that the check reads everything committed by
// the lock's earlier holders (a READ COMMITTED statement begun after the lock was granted) and the
// rows go in only when it holds. With an Idempotency-Key, the key's claim goes in the lock's
// statement and its recovery point in the write's (lib/surfaces/http/idempotency.ts): a keyed
// transfer is BEGIN, two statements, COMMIT.

/**
 * A lock held until the transaction ends, taken by an upsert that row-locks: `INSERT INTO <into>
 * VALUES (<values>) <onConflict>`, with onConflict a DO UPDATE. In parts, so that another statement
 * can take it only when its own write happened (a key's claim: idempotency-record.ts).
 */
export type LockUpsert = { into: string; values: string; onConflict: string; params: SqlParam[] };

export const lockStatement = (lock: LockUpsert): Statement => ({ text: `INSERT INTO ${lock.into} VALUES (${lock.values}) ${lock.onConflict}`, params: lock.params });

/**
 * A statement that goes with the rows and must apply for them to be written: an UPDATE ... RETURNING
 * that returns a row when it applies (an Idempotency-Key's recovery point, checked against the
 * claim's token). It is not itself held back by the write's check: a refusal throws, and the
 * transaction rolls it back.
 */
export type Alongside = Statement;

/** A write under a lock, prepared before the transaction (whatever it reads through Prisma, it reads first). */
export type LockedWrite<R> = {
  /** The id its row will have, chosen beforehand: what a key's recovery point names (alongside). */
  id: string;
  lock: LockUpsert;
  /**
   * Under the lock, on the transaction's `sql`: checks and rows (guardedWrite), with `alongside` in
   * the statement that writes them. The row written; null when `alongside` did not apply (then
   * nothing was written); throws the refusal when a check failed (nothing written).
   */
  write: (sql: Sql, alongside: Alongside | null) => Promise<R | null>;
};

/** Takes the lock and writes, in `client`'s transaction (a new one, or the caller's: inSqlTransaction). */
export function runLockedWrite<R>(client: DbClient, locked: LockedWrite<R>): Promise<R> {
  return inSqlTransaction(client, async (sql) => {
    const lock = lockStatement(locked.lock);
    await sql(lock.text, lock.params);
    const row = await locked.write(sql, null);
    if (row === null) throw new Error("a locked write with nothing alongside wrote nothing");
    return row;
  });
}

/**
 * The statement that writes: `reads` (a WITH's parts, "name AS (SELECT ...)", numbered from $1 as
 * one text), `check` (an SQL condition over them, e.g. `(SELECT minor FROM available) >= $1::bigint`,
 * numbered on its own), then the rows' INSERTs, each only when the check holds and `alongside`
 * applied. It answers `select` (a select list over the reads, numbered from $1 on its own, or
 * none) and `written` ("1" when the rows went in, "0" when not).
 */
export function guardedWrite(parts: {
  reads?: Statement;
  check?: Statement;
  select?: string;
  inserts: RowInsertStatement[];
  alongside: Alongside | null;
}): Statement {
  const { params, add } = statementJoiner();
  const ctes: string[] = [];
  if (parts.reads) ctes.push(add(parts.reads));
  const guards: string[] = [];
  if (parts.check) guards.push(`(${add(parts.check)})`);
  if (parts.alongside) {
    ctes.push(`alongside AS (${add(parts.alongside)})`);
    guards.push("EXISTS (SELECT 1 FROM alongside)");
  }
  const guard = guards.length > 0 ? guards.join(" AND ") : "true";
  parts.inserts.forEach((insert, i) => {
    const values = add({ text: insert.values, params: insert.params });
    ctes.push(`written_${i} AS (INSERT INTO ${insert.into} SELECT ${values} WHERE ${guard} RETURNING 1)`);
  });
  const answers = [...(parts.select ? [parts.select] : []), `(SELECT count(*) FROM written_0)::text AS written`];
  return { text: `WITH ${ctes.join(", ")} SELECT ${answers.join(", ")}`, params };
}
