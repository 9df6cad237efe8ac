import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

// Direct SQL, for the few statements on the API's hottest paths (link read and insert, deposit
// insert), used only outside transactions.
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

type Value = string | number | bigint | boolean | Date | object | null | undefined;

/**
 * An INSERT of the given columns (each cast as told, e.g. bigint, jsonb, an enum's type) and of
 * fixed SQL values for the others, e.g. { status: "'pending'" }.
 */
export function insertStatement(table: string, columns: readonly string[], casts: Record<string, string>, fixed: Record<string, string> = {}) {
  const names = [...columns, ...Object.keys(fixed)].map((c) => `"${c}"`).join(", ");
  const values = [...columns.map((c, i) => `$${i + 1}${casts[c] ? `::${casts[c]}` : ""}`), ...Object.values(fixed)].join(", ");
  return `INSERT INTO "${table}" (${names}) VALUES (${values})`;
}

/** A row's values for insertStatement's columns, as text: dates in ISO, JSON as JSON. */
export function insertParams<Row extends Record<string, Value>>(row: Row, columns: readonly (keyof Row)[]): SqlParam[] {
  return columns.map((c) => {
    const value = row[c];
    if (value === null || value === undefined) return null;
    if (value instanceof Date) return timestampParam(value);
    if (typeof value === "object") return JSON.stringify(value);
    return String(value);
  });
}
