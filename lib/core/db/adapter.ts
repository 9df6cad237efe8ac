import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { createPgPool } from "./pg-pool";
import { sqlOverPg, sqlOverPGlite, type SqlDatabase } from "./sql";
import { acquireDataDirLock } from "./pglite-lock";

// Which database this process talks to: PostgreSQL when DATABASE_URL is set, otherwise the
// embedded PGlite in PGLITE_DATA_DIR (default ./.data/pglite), or in memory for ":memory:".
export type DatabaseTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string | null };

export function databaseTarget(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  if (env.DATABASE_URL) return { kind: "postgres", url: env.DATABASE_URL };
  const dir = env.PGLITE_DATA_DIR ?? path.join(".data", "pglite");
  return { kind: "pglite", dataDir: dir === ":memory:" ? null : path.resolve(/*turbopackIgnore: true*/ dir) };
}

/** Opens PGlite; `close` shuts it down and frees the data directory for other processes. */
export function openPGlite(dataDir: string | null) {
  if (dataDir === null) {
    const pglite = new PGlite();
    return { pglite, close: () => pglite.close() };
  }
  const releaseLock = acquireDataDirLock(dataDir);
  const pglite = new PGlite(dataDir);
  return {
    pglite,
    close: async () => {
      await pglite.close();
      releaseLock();
    },
  };
}

export type Adapter = { adapter: SqlMigrationAwareDriverAdapterFactory; sql: SqlDatabase; close: () => Promise<void> };

/**
 * The driver adapter for Prisma, direct SQL on the same connections (see lib/core/db/sql.ts), and how
 * to close them so the process can exit.
 */
export function createAdapter(target = databaseTarget()): Adapter {
  if (target.kind === "postgres") {
    const pool = createPgPool(target.url);
    return { adapter: new PrismaPg(pool), sql: sqlOverPg(pool), close: () => pool.end() };
  }
  const { pglite, close } = openPGlite(target.dataDir);
  return { adapter: pgliteAdapter(pglite), sql: sqlOverPGlite(pglite), close };
}

// pglite-prisma-adapter 0.6 is typed against driver-adapter-utils 6.10; the runtime protocol
// is the one Prisma 6.19 speaks, only the declared types differ.
export function pgliteAdapter(pglite: PGlite) {
  return new PrismaPGlite(pglite) as unknown as SqlMigrationAwareDriverAdapterFactory;
}
