// npx tsx scripts/bench-sql.ts - CPU time of the API's hottest statements (link read and insert,
// lib/features/links/payment-link-sql.ts) in the app process and in its PostgreSQL backend, unprepared
// against prepared (lib/core/db/sql.ts). CPU time, not wall time: it holds on a machine shared with
// other work. One connection, BENCH_SQL_QUERIES (default 3000) sequential queries per figure,
// each pair twice (the second is warm). Needs DATABASE_URL (local PostgreSQL, migrated) with a
// merchant in it (`npm run merchant:create`); the links it inserts are deleted afterwards.
import fs from "node:fs";
import pg from "pg";
import { sqlOverPg } from "@/lib/core/db/sql";
import { ulid } from "@/lib/core/domain/ulid";
import { findPaymentLink, insertPaymentLink, type NewPaymentLink } from "@/lib/features/links/payment-link-sql";

const url = process.env.DATABASE_URL;
if (!url?.startsWith("postgres")) throw new Error("DATABASE_URL must name a PostgreSQL database");
const N = Number(process.env.BENCH_SQL_QUERIES ?? 3000);
const PREFIX = "LINK_TEST_BENCHSQL";

/** User + system CPU time of a process so far, in microseconds (PostgreSQL runs on this machine). */
function processCpuUs(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // clock ticks (USER_HZ = 100)
}

const admin = new pg.Pool({ connectionString: url, max: 1 });
const merchant = (await admin.query<{ id: string }>(`SELECT id FROM "Merchant" LIMIT 1`)).rows[0];
if (!merchant) throw new Error("No merchant: run `npm run merchant:create` first");
const now = new Date(Math.floor(Date.now() / 1000) * 1000);
const newLink = (): NewPaymentLink => ({
  id: `pl_${ulid()}`, reference: `${PREFIX}${ulid()}`, merchantId: merchant.id, environment: "sandbox", amountMinor: 5000n,
  currency: "XOF", description: "Bench order", customerName: null, customerEmail: null, customerPhone: null, callbackUrl: null,
  returnUrl: null, metadata: null, createdAt: now, expiresAt: new Date(now.getTime() + 3600_000),
});

try {
  for (const prepared of [false, true, false, true]) {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const sql = sqlOverPg(pool, prepared);
    const backend = (await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0].pid;
    const link = newLink();
    await insertPaymentLink(sql, link);
    const statements = { read: () => findPaymentLink(sql, link.reference), insert: () => insertPaymentLink(sql, newLink()) };
    for (const [name, statement] of Object.entries(statements)) {
      for (let i = 0; i < 300; i++) await statement();
      const app = process.cpuUsage();
      const db = processCpuUs(backend);
      for (let i = 0; i < N; i++) await statement();
      const appUs = process.cpuUsage(app);
      const dbUs = processCpuUs(backend) - db;
      console.log(
        `${prepared ? "prepared  " : "unprepared"} ${name.padEnd(6)} app ${((appUs.user + appUs.system) / N).toFixed(0).padStart(4)} us, PostgreSQL ${(dbUs / N).toFixed(0).padStart(4)} us of CPU per query`,
      );
    }
    await pool.end();
  }
} finally {
  await admin.query(`DELETE FROM "PaymentLink" WHERE reference LIKE '${PREFIX}%'`);
  await admin.end();
}
