import { db, sqlOn } from "@/lib/core/db/client";
import type { Sql } from "@/lib/core/db/sql";
import { errorFields, log } from "@/lib/core/logging/log";
import { onProcessExit } from "@/lib/core/process/exit-hooks";

// Each API key's requests per hour and class of answer (ApiKeyUsage), for the merchant's view of
// its error rate (issue 48 item 5). The request path only adds one to a count in this process's
// memory; every API_KEY_USAGE_FLUSH_SECONDS (and when the server stops) one statement adds all the
// counts to the table. Under `npm start`'s cluster each worker flushes its own counts and the
// table's rows sum them: the upsert adds, never overwrites.
//
// A flush that fails (database down) logs a warning and keeps its counts for the next flush, so a
// short outage loses nothing; counts of hours past the table's retention are dropped then, so an
// outage that lasts cannot grow the map without bound. Counts still unwritten when the process
// exits with its database unreachable are lost: the figures are for a person to read, not money.

export const HOUR_MS = 60 * 60_000;
const DEFAULT_FLUSH_SECONDS = 5;

type Counts = { apiKeyId: string; bucketStart: number; ok: number; clientErrors: number; serverErrors: number };

type Counter = { counts: Map<string, Counts>; timer: NodeJS.Timeout | null; flushing: Promise<void> | null };
// On globalThis: Next bundles this module into several chunks (the lane's, the route files'), and
// two maps would flush separately, or one never.
const globalForUsage = globalThis as unknown as { __pcsKeyUsage?: Counter };
const counter = (): Counter => (globalForUsage.__pcsKeyUsage ??= { counts: new Map(), timer: null, flushing: null });

/** Seconds between flushes (API_KEY_USAGE_FLUSH_SECONDS, default 5); 0 counts nothing. */
function flushSeconds(): number {
  const value = process.env.API_KEY_USAGE_FLUSH_SECONDS;
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) && n >= 0 ? n : DEFAULT_FLUSH_SECONDS;
}

/**
 * Counts one answer to a request made with the key `apiKeyId`: a map lookup and an increment, on
 * the API's hot path. The first count starts this process's flush timer (unref'd: it never holds a
 * process open) and its flush at exit.
 */
export function countKeyRequest(apiKeyId: string, status: number, now = Date.now()) {
  const state = counter();
  if (!state.timer) {
    const seconds = flushSeconds();
    if (seconds === 0) return;
    state.timer = setInterval(() => void flushKeyUsage(), seconds * 1000);
    state.timer.unref();
    onProcessExit("api key usage", () => flushKeyUsage());
  }
  const bucketStart = now - (now % HOUR_MS);
  const id = `${apiKeyId} ${bucketStart}`;
  let counts = state.counts.get(id);
  if (!counts) state.counts.set(id, (counts = { apiKeyId, bucketStart, ok: 0, clientErrors: 0, serverErrors: 0 }));
  if (status >= 500) counts.serverErrors++;
  else if (status >= 400) counts.clientErrors++;
  else counts.ok++;
}

// One statement for every count of the batch: its rows as one JSON parameter (pg and PGlite alike),
// added to what other flushes (this process's earlier ones, other processes') wrote. Sorted by key
// and hour, so two processes' concurrent flushes lock shared rows in the same order and never
// deadlock.
const UPSERT = `INSERT INTO "ApiKeyUsage" ("apiKeyId", "bucketStart", "ok", "clientErrors", "serverErrors")
  SELECT r."apiKeyId", r."bucketStart", r."ok", r."clientErrors", r."serverErrors"
  FROM json_to_recordset($1::json) AS r("apiKeyId" text, "bucketStart" timestamp(3), "ok" int, "clientErrors" int, "serverErrors" int)
  ORDER BY r."apiKeyId", r."bucketStart"
  ON CONFLICT ("apiKeyId", "bucketStart") DO UPDATE SET
    "ok" = "ApiKeyUsage"."ok" + EXCLUDED."ok",
    "clientErrors" = "ApiKeyUsage"."clientErrors" + EXCLUDED."clientErrors",
    "serverErrors" = "ApiKeyUsage"."serverErrors" + EXCLUDED."serverErrors"`;

/** Hours kept by the table (key-usage.ts deletes older rows): counts older than this are not worth keeping after a failed flush. */
export const USAGE_RETENTION_MS = 30 * 24 * HOUR_MS;

/** One key's counts for one hour, as a flush writes them. */
export type UsageRow = { apiKeyId: string; bucketStart: Date; ok: number; clientErrors: number; serverErrors: number };

/** Adds `rows` to ApiKeyUsage in one statement (what every flush runs). */
export async function writeKeyUsage(sql: Sql, rows: UsageRow[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = rows
    .map((row) => ({ ...row, bucketStart: row.bucketStart.toISOString() }))
    .sort((a, b) => (a.apiKeyId < b.apiKeyId ? -1 : a.apiKeyId > b.apiKeyId ? 1 : a.bucketStart < b.bucketStart ? -1 : 1));
  await sql(UPSERT, [JSON.stringify(sorted)]);
}

/**
 * Adds this process's counts to ApiKeyUsage in one statement and forgets them; on failure keeps
 * them for the next flush (see above). One flush at a time: a call while one runs flushes after it.
 * `sql`: the process's database, unless a test gives another.
 */
export function flushKeyUsage(sql?: Sql): Promise<void> {
  const state = counter();
  // The counts since the running flush began go in the next one, after it.
  if (state.flushing) return state.flushing.then(() => flushKeyUsage(sql));
  if (state.counts.size === 0) return Promise.resolve();
  const batch = [...state.counts.values()];
  state.counts = new Map();
  const rows = batch.map((c) => ({ ...c, bucketStart: new Date(c.bucketStart) }));
  state.flushing = writeKeyUsage(sql ?? sqlOn(db()), rows)
    .then(
      () => undefined,
      (error: unknown) => {
        log("warn", "api key usage not written; kept for the next flush", { rows: rows.length, ...errorFields(error) });
        const oldest = Date.now() - USAGE_RETENTION_MS;
        for (const c of batch) if (c.bucketStart >= oldest) mergeBack(state.counts, c);
      },
    )
    .finally(() => {
      state.flushing = null;
    });
  return state.flushing;
}

/** Puts a batch's counts back beside those counted since it left. */
function mergeBack(counts: Map<string, Counts>, c: Counts) {
  const id = `${c.apiKeyId} ${c.bucketStart}`;
  const now = counts.get(id);
  if (!now) counts.set(id, { ...c });
  else {
    now.ok += c.ok;
    now.clientErrors += c.clientErrors;
    now.serverErrors += c.serverErrors;
  }
}

/** Forgets the counts not yet written and stops the timer (tests: a file's counts must not reach the next file's database). */
export function forgetKeyUsageCounts() {
  const state = counter();
  state.counts = new Map();
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}
