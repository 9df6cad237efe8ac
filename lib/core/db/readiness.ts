import fs from "node:fs";
import path from "node:path";
import { db, sqlOn } from "./client";

// The database half of the readiness probe (GET /api/health/ready): one query, which shows both
// that the database answers and that it carries every migration this build ships with. A process
// whose schema is behind its code would fail requests one by one; better it is never offered them.

/** No answer in this long and the database counts as unreachable: a probe must answer, not hang. */
export const DATABASE_CHECK_TIMEOUT_MS = 2_000;

export type Check = { ok: true } | { ok: false; reason: string };

let shipped: string[] | undefined;

/**
 * The migrations this build ships with (prisma/migrations' folders), read once: they cannot change
 * under a running build. next.config.ts traces the folder into the standalone output.
 */
function shippedMigrations(): string[] {
  const dir = path.join(process.cwd(), "prisma", "migrations");
  return (shipped ??= fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name));
}

/** Whether the database answers within DATABASE_CHECK_TIMEOUT_MS and has every shipped migration applied. */
export async function databaseReadiness(): Promise<{ database: Check; migrations: Check }> {
  let applied: Set<string>;
  try {
    const rows = await withTimeout(
      sqlOn(db())(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`, []),
      DATABASE_CHECK_TIMEOUT_MS,
    );
    applied = new Set(rows.map((row) => row.migration_name ?? ""));
  } catch (error) {
    // The reason is the error's kind, not its text: the probe is unauthenticated and a driver's
    // message may name a host or a user.
    if (/"_prisma_migrations" does not exist/.test(String((error as Error)?.message))) {
      return { database: { ok: true }, migrations: { ok: false, reason: "no migration applied" } };
    }
    const reason = error instanceof TimeoutError ? "timeout" : "unreachable";
    return { database: { ok: false, reason }, migrations: { ok: false, reason: "not checked" } };
  }
  let expected: string[];
  try {
    expected = shippedMigrations();
  } catch {
    return { database: { ok: true }, migrations: { ok: false, reason: "the migrations folder is missing from this build" } };
  }
  const missing = expected.filter((name) => !applied.has(name));
  return { database: { ok: true }, migrations: missing.length === 0 ? { ok: true } : { ok: false, reason: `${missing.length} not applied` } };
}

class TimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
