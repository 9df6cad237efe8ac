import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { databaseTarget, openPGlite } from "./adapter";

const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

/** The committed migrations, in the order Prisma applies them. */
export function committedMigrations(): { name: string; sql: string }[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((name) => fs.statSync(path.join(MIGRATIONS_DIR, name)).isDirectory())
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8") }));
}

/**
 * Applies pending migrations to a PGlite database, bookkept in `_prisma_migrations` exactly as
 * `prisma migrate deploy` does (same table, sha256 checksum of the file), so the Prisma CLI sees
 * them as applied. Needed because the Prisma CLI over PGlite does not exit once it is done.
 */
export async function migratePGlite(pglite: PGlite) {
  await pglite.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`);
  const applied = await pglite.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const done = new Set(applied.rows.map((row) => row.migration_name));
  for (const { name, sql } of committedMigrations().filter((m) => !done.has(m.name))) {
    const checksum = createHash("sha256").update(sql).digest("hex");
    await pglite.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
         VALUES ($1, $2, now(), $3, 1)`,
        [randomUUID(), checksum, name],
      );
    });
  }
}

/**
 * Brings the configured database up to date before this process opens it: PostgreSQL through
 * `prisma migrate deploy` (WASM schema engine over the pg adapter, see prisma.config.ts), the
 * embedded database in process.
 */
export async function migrateDatabase() {
  const target = databaseTarget();
  if (target.kind === "pglite") {
    const { pglite, close } = openPGlite(target.dataDir);
    try {
      await migratePGlite(pglite);
    } finally {
      await close();
    }
    return;
  }
  const cli = path.join(process.cwd(), "node_modules", "prisma", "build", "index.js");
  const result = spawnSync(process.execPath, [cli, "migrate", "deploy"], { encoding: "utf8", env: process.env });
  if (result.status !== 0) throw new Error(`prisma migrate deploy failed:\n${result.stdout}\n${result.stderr}`);
}
