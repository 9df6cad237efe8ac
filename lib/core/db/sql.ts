import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
// Relative, as the rest of this folder: the Prisma CLI loads it (prisma.config.ts) without our path alias.
import { inSpan, SpanKind, tracing } from "../tracing/tracing";

// Direct SQL, for the few statements on the API's hottest paths (link read and insert, deposit
// insert, a transfer's or refund's intent: lib/core/db/locked-write.ts), outside Prisma's
// transactions: on their own, or in a transaction of their own (sql-transaction.ts).
// Prisma 6's client engine compiles every query to a plan in WebAssembly and interprets it:
// about 1 ms of CPU per query on a 2-core machine, as much as Next.js itself costs per
// request. Everything else goes through Prisma.
//
// Values travel as text both ways (parameters cast in the SQL, columns selected as ::text), so
// pg and PGlite, which parse types differently, give the same rows.
export type SqlRow = Record<string, string | null>;
export type SqlParam = string | null;
export type Sql = (text: string, params: readonly SqlParam[]) => Promise<SqlRow[]>;
/** Direct SQL on the database itself: a statement on its own (autocommit), or several in a transaction of their own (lib/core/db/sql-transaction.ts). */
export type SqlDatabase = Sql & { transaction: <T>(fn: (sql: Sql) => Promise<T>) => Promise<T> };

// One name per statement text in the whole process: two callers on one pool must never give the
// same name to different statements (pg refuses that on a connection).
const statementNames = new Map<string, string>();
function nameOf(text: string) {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `pcs_${statementNames.size + 1}`));
  return name;
}

/**
 * Each statement is prepared once per connection (a named statement) and then only bound and
 * executed: PostgreSQL, on the same cores as the app, no longer parses and plans it per request.
 * DATABASE_PREPARED_STATEMENTS=0 turns it off, for a pooler that cannot keep them (PgBouncer in
 * transaction mode before 1.21, or without max_prepared_statements).
 */
export function sqlOverPg(pool: pg.Pool, prepared = process.env.DATABASE_PREPARED_STATEMENTS !== "0"): SqlDatabase {
  type Query = (config: pg.QueryConfig) => Promise<pg.QueryResult<SqlRow>>;
  const on = (query: Query): Sql => async (text, params) => (await query({ text, values: [...params], name: prepared ? nameOf(text) : undefined })).rows;
  return traced(Object.assign(on((config) => pool.query<SqlRow>(config)), {
    async transaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        // Explicit: a balance check must read what the lock's earlier holders committed, which a
        // statement begun after the lock sees only under READ COMMITTED (REPEATABLE READ would keep
        // the snapshot of the transaction's first statement, taken before the lock was granted).
        await client.query("BEGIN ISOLATION LEVEL READ COMMITTED");
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      try {
        const result = await fn(on((config) => client.query<SqlRow>(config)));
        await client.query("COMMIT");
        client.release();
        return result;
      } catch (error) {
        // After a failed COMMIT, ROLLBACK is harmless; a connection that cannot even roll back is dropped.
        await client.query("ROLLBACK").then(
          () => client.release(),
          (rollbackError: Error) => client.release(rollbackError),
        );
        throw error;
      }
    },
  }));
}

export function sqlOverPGlite(pglite: PGlite): SqlDatabase {
  // PGlite runs one statement at a time and queues this behind an open transaction, as it
  // does Prisma's own statements: nothing here can run inside another request's transaction.
  // Its transactions, Prisma's (pglite-prisma-adapter) and these, are its transaction() and
  // run one after another.
  return traced(
    Object.assign(async (text: string, params: readonly SqlParam[]) => (await pglite.query<SqlRow>(text, [...params])).rows, {
      transaction: <T>(fn: (sql: Sql) => Promise<T>) => pglite.transaction((tx) => fn(async (text, params) => (await tx.query<SqlRow>(text, [...params])).rows)),
    }),
  );
}

// With tracing on (lib/core/tracing), each direct statement is a span of its own ("db INSERT", its
// SQL text: parameters are $n, never values) and each transaction one around its statements, as
// Prisma's instrumentation gives Prisma's queries. With it off, one property read per statement.
const DB_SYSTEM = { "db.system.name": "postgresql" } as const;

function tracedStatements(sql: Sql): Sql {
  return (text, params) => {
    if (!tracing()) return sql(text, params);
    const verb = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "statement";
    return inSpan(`db ${verb}`, { kind: SpanKind.CLIENT, attributes: { ...DB_SYSTEM, "db.query.text": text } }, () => sql(text, params));
  };
}

function traced(database: SqlDatabase): SqlDatabase {
  return Object.assign(tracedStatements(database), {
    transaction: <T>(fn: (sql: Sql) => Promise<T>): Promise<T> => {
      const run = () => database.transaction((sql) => fn(tracedStatements(sql)));
      return tracing() ? inSpan("db transaction", { kind: SpanKind.CLIENT, attributes: DB_SYSTEM }, run) : run();
    },
  });
}

/** A timestamp(3) column (UTC, as Prisma stores them) as milliseconds since the epoch, in text. */
export const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::bigint::text`;

/** A timestamp parameter: PostgreSQL ignores the "Z" of an ISO string cast to a timestamp without time zone, which is what Prisma stores (UTC). */
export const timestampParam = (date: Date) => date.toISOString();

export const dateOrNull = (ms: string | null) => (ms === null ? null : new Date(Number(ms)));
export const bigintOrNull = (text: string | null) => (text === null ? null : BigInt(text));

type Value = string | number | bigint | boolean | Date | object | null | undefined;

/** Every column of a row, with the SQL type its text is cast to ("" where it goes in as is). */
export type ColumnCasts<Row> = Record<keyof Row & string, string>;

/** An INSERT built before it runs, so that it can also run guarded by another statement (idempotency.ts). */
export type RowInsertStatement = {
  /** `"Table" ("a", "b")` */
  into: string;
  /** The row's values as a SELECT list: `$1, $2::bigint`, numbered from 1. */
  values: string;
  /** The INSERT on its own. */
  text: string;
  params: SqlParam[];
};

/**
 * The INSERT of a whole row: `casts` names every column (a column missing from it is a compile
 * error, so a field added to the model cannot be silently left out), `fixed` gives SQL values
 * for the others, e.g. { status: "'pending'" }. Values go in as text: dates in ISO, JSON as JSON.
 */
export function rowInsertStatement<Row extends Record<string, Value>>(table: string, casts: ColumnCasts<Row>, fixed: Record<string, string> = {}) {
  const columns = Object.keys(casts) as (keyof Row & string)[];
  const into = `"${table}" (${[...columns, ...Object.keys(fixed)].map((c) => `"${c}"`).join(", ")})`;
  const values = [...columns.map((c, i) => `$${i + 1}${casts[c] ? `::${casts[c]}` : ""}`), ...Object.values(fixed)].join(", ");
  const text = `INSERT INTO ${into} VALUES (${values})`;
  return (row: Row): RowInsertStatement => ({ into, values, text, params: columns.map((c) => textParam(row[c])) });
}

function textParam(value: Value): SqlParam {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return timestampParam(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** A statement and its parameters, numbered from $1. */
export type Statement = { text: string; params: SqlParam[] };

/**
 * Statements joined into one (a WITH's parts): each part's text is numbered from $1, as written on
 * its own, and is renumbered after the parameters of the parts added before it. Our texts hold no
 * "$" but their parameters' (no dollar quoting, no "$" in a literal).
 */
export function statementJoiner() {
  const params: SqlParam[] = [];
  const add = (part: { text: string; params: readonly SqlParam[] }) => {
    const from = params.length;
    params.push(...part.params);
    return from === 0 ? part.text : part.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + from}`);
  };
  return { params, add };
}
