import { Prisma, PrismaClient } from "@prisma/client";
import { createAdapter } from "./adapter";
import type { Sql, SqlDatabase, SqlRow } from "./sql";
import { markTransactions } from "./transaction-scope";

export type Db = PrismaClient;
/** A client or an open transaction: domain functions accept either. */
export type DbClient = PrismaClient | Prisma.TransactionClient;

type Handle = { client: PrismaClient; close: () => Promise<void>; sql: SqlDatabase | null };
const globalForDb = globalThis as unknown as { __pcsDb?: Handle };

/**
 * The process-wide Prisma client. Opened lazily so that `next build` and imports never touch
 * the database; kept on globalThis so dev-mode module reloads reuse the one PGlite instance.
 */
export function db(): PrismaClient {
  if (!globalForDb.__pcsDb) {
    const { adapter, close, sql } = createAdapter();
    globalForDb.__pcsDb = { client: markTransactions(new PrismaClient({ adapter })), close, sql };
  }
  return globalForDb.__pcsDb.client;
}

/** Tests install their own client (an in-memory PGlite per worker). */
export function setDb(client: PrismaClient, close: () => Promise<void> = async () => {}, sql: SqlDatabase | null = null) {
  globalForDb.__pcsDb = { client: markTransactions(client), close, sql };
}

/**
 * Direct SQL on the connections under `client` (lib/core/db/sql.ts), or null when `client` is an open
 * transaction (whose statements must go through it) or the process has no direct access.
 */
export function directSql(client: DbClient): SqlDatabase | null {
  db();
  const handle = globalForDb.__pcsDb!;
  return client === handle.client ? handle.sql : null;
}

/**
 * SQL on `client`: direct (directSql) when it can be, else through Prisma's raw queries (an open
 * transaction, whose statements must go through it, or a process without direct access).
 */
export function sqlOn(client: DbClient): Sql {
  return directSql(client) ?? ((text, params) => client.$queryRawUnsafe<SqlRow[]>(text, ...params));
}

/** Disconnects and closes the database under it (PGlite or the pg pool), so a script can exit. */
export async function closeDb() {
  const handle = globalForDb.__pcsDb;
  globalForDb.__pcsDb = undefined;
  if (!handle) return;
  await handle.client.$disconnect();
  await handle.close();
}
