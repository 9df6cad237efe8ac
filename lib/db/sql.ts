import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

// Direct SQL, for the few statements on the API's hottest paths (a link read, a link create).
// Prisma 6's client engine compiles every query to a plan in WebAssembly and interprets it:
// about 1 ms of CPU per query on a 2-core machine, as much as Next.js itself costs per
// request. Everything else goes through Prisma.
//
// Values travel as text both ways (parameters cast in the SQL, columns selected as ::text), so
// pg and PGlite, which parse types differently, give the same rows.
export type SqlRow = Record<string, string | null>;
export type SqlParam = string | null;
export type Sql = (text: string, params: readonly SqlParam[]) => Promise<SqlRow[]>;

export function sqlOverPg(pool: pg.Pool): Sql {
  return async (text, params) => (await pool.query<SqlRow>(text, [...params])).rows;
}

export function sqlOverPGlite(pglite: PGlite): Sql {
  // PGlite runs one statement at a time and queues this behind an open transaction, as it
  // does Prisma's own statements: nothing here can run inside another request's transaction.
  return async (text, params) => (await pglite.query<SqlRow>(text, [...params])).rows;
}

/** A timestamp(3) column (UTC, as Prisma stores them) as milliseconds since the epoch, in text. */
export const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::bigint::text`;

/** A timestamp parameter: PostgreSQL ignores the "Z" of an ISO string cast to a timestamp without time zone, which is what Prisma stores (UTC). */
export const timestampParam = (date: Date) => date.toISOString();

export const dateOrNull = (ms: string | null) => (ms === null ? null : new Date(Number(ms)));
export const bigintOrNull = (text: string | null) => (text === null ? null : BigInt(text));
