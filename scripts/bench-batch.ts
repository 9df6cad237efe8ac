// npm run bench:batch (and the last part of `npm run bench`): a 500-line batch of live payouts
// (issue 49), from its approval to its last line, through the production build on PostgreSQL
// (`npm start`'s launcher), its embedded runners sending the lines to the MTN and Wave fakes of the
// test tree, which answer at once: what the batch costs us, not the operators' wait. Meanwhile
// another merchant reads a payment link as fast as BENCH_BATCH_CONNECTIONS (default 10)
// connections can: its latency then, against the same load just before the batch.
// Prints the figures and writes bench/results-batch.md. Measures, does not assert (bench/README.md).
//   BENCH_BATCH_LINES (default 500), BENCH_BATCH_LOAD_SECONDS (default 15),
//   BENCH_DATABASE_URL_BATCH (default postgresql://postgres@127.0.0.1:5432/pcs_bench_batch, made afresh),
//   BENCH_PORT_BATCH (default 3280), BATCH_SEND_CONCURRENCY (the app's pace per operator).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ulid } from "ulid";
import { generateApiKey, hashApiKey, keyDisplayPrefix, SCOPES } from "../lib/core/domain/api-keys";
import { startMtnMomoFake } from "../tests/fakes/mtn-momo-fake";
import { mtnMomoFakeEnv, waveFakeEnv } from "../tests/fakes/start-operator-fakes";
import { startWaveFake } from "../tests/fakes/wave-fake";
import { appEnv, benchNodeVersion, bin, prepareMerchant, requireBuild, sleep, startApp, treeUsage } from "./bench-app";
import { freshDatabase } from "./fresh-database";

const LINES = Number(process.env.BENCH_BATCH_LINES ?? 500);
const CONNECTIONS = Number(process.env.BENCH_BATCH_CONNECTIONS ?? 10);
const LOAD_SECONDS = Number(process.env.BENCH_BATCH_LOAD_SECONDS ?? 15);
const DATABASE_URL = process.env.BENCH_DATABASE_URL_BATCH ?? "postgresql://postgres@127.0.0.1:5432/pcs_bench_batch";
const PORT = Number(process.env.BENCH_PORT_BATCH ?? 3280);

requireBuild();
await freshDatabase(DATABASE_URL);
const [mtn, wave] = await Promise.all([startMtnMomoFake({ answerAfterMs: 0 }), startWaveFake()]);
const env = appEnv(DATABASE_URL, null, {
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
  ...mtnMomoFakeEnv(mtn),
  ...waveFakeEnv(wave),
  MTN_MOMO_COUNTRIES: "CI",
  WAVE_COUNTRIES: "CI",
});
const payer = prepareMerchant(env, "Bench Payroll");
const other = prepareMerchant(env, "Bench Other Shop");
execFileSync(bin("tsx"), ["--import", "./scripts/allow-server-only.mjs", "scripts/bench-fund-live.ts", payer.id, "1000000000"], { env, stdio: "inherit" });
const db = new pg.Client({ connectionString: DATABASE_URL });
await db.connect();

// Maker-checker: two admins of the payer, each with a live key of their own (a key is refused once
// its maker is no member), one makes the batch, the other approves it.
await db.query(`INSERT INTO "Organization" (id, name, slug, "createdAt") VALUES ($1, $2, $3, now()) ON CONFLICT (id) DO NOTHING`, [payer.id, "Bench Payroll", `bench-${payer.id.toLowerCase()}`]);
async function memberKey(name: string): Promise<string> {
  const userId = `usr_${ulid()}`;
  await db.query(`INSERT INTO "User" (id, name, email) VALUES ($1, $2, $3)`, [userId, name, `${name}-${userId.toLowerCase()}@bench.example`]);
  await db.query(`INSERT INTO "Member" (id, "organizationId", "userId", role, "createdAt") VALUES ($1, $2, $3, 'admin', now())`, [`mem_${ulid()}`, payer.id, userId]);
  const key = generateApiKey("live");
  await db.query(
    `INSERT INTO "ApiKey" (id, "merchantId", environment, role, prefix, hash, scopes, "createdAt", "createdByUserId") VALUES ($1, $2, 'live', 'merchant', $3, $4, $5, now(), $6)`,
    [`key_${ulid()}`, payer.id, keyDisplayPrefix(key), hashApiKey(key), [...SCOPES], userId],
  );
  return key;
}
const makerKey = await memberKey("maker");
const checkerKey = await memberKey("checker");

const lines: string[] = [];
const say = (line: string) => (console.log(line), lines.push(line));
const loadBefore = os.loadavg()[0];
const app = await startApp(env, PORT);
const call = async (method: string, route: string, key: string, body?: unknown) => {
  const res = await fetch(`${app.base}${route}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
};
/** autocannon's figures for BENCH_BATCH_CONNECTIONS connections reading the other merchant's link, without stopping this process's loop. */
function readLoad(url: string): Promise<{ requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin("autocannon"), ["--json", "-c", String(CONNECTIONS), "-d", String(LOAD_SECONDS), "-H", `authorization=Bearer ${other.sandboxKey}`, url], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited with ${code}`))));
  });
}

try {
  const link = await call("POST", "/test/api/v4/payments/link", other.sandboxKey, { amount: 5000, currency: "XOF", description: "Bench read" });
  const readUrl = `${app.base}/test/api/v4/payments/link/${link.reference}`;
  const baseline = await readLoad(readUrl);

  for (let i = 0; i < LINES; i++) {
    const phone = `2250600${String(i).padStart(6, "0")}`;
    if (i % 2 === 0) mtn.script(phone, { customer: "approve", callback: "none" });
    else wave.scriptPayout(`+${phone}`, "succeeded");
  }
  const items = Array.from({ length: LINES }, (_, i) => ({
    reference: `bench-${i + 1}`,
    amount: 1000 + (i % 5) * 100,
    currency: "XOF",
    gatewayName: i % 2 === 0 ? "MTN_MOMO_CI" : "WAVE_CI",
    beneficiaryPhone: `+2250600${String(i).padStart(6, "0")}`,
    country: "CI",
  }));
  const madeAt = performance.now();
  const batch = await call("POST", "/api/v4/transfers/batch", makerKey, { title: "Bench payroll", items });
  const madeMs = performance.now() - madeAt;
  const cpuBefore = treeUsage(app.process.pid!).cpuMs;
  const load = readLoad(readUrl);
  const approvedAt = Date.now();
  const approveStarted = performance.now();
  await call("POST", `/api/v4/transfers/batch/${batch.reference}/approve`, checkerKey);
  const approveMs = performance.now() - approveStarted;
  let lastFinal = 0;
  for (;;) {
    const { rows } = await db.query(
      `SELECT b.status, count(t.*) FILTER (WHERE t.status = 'pending')::int AS pending, count(t.*) FILTER (WHERE t.status = 'completed')::int AS completed,
         extract(epoch FROM max(coalesce(t."completedAt", t."failedAt"))) * 1000 AS last
       FROM "TransferBatch" b LEFT JOIN "Transfer" t ON t."batchId" = b.id WHERE b.reference = $1 GROUP BY b.status`,
      [batch.reference],
    );
    if (rows[0].pending === 0 && ["completed", "completed_with_failures"].includes(rows[0].status)) {
      lastFinal = Number(rows[0].last);
      say(`# A ${LINES}-line batch (${new Date().toISOString().slice(0, 16)}Z)`);
      say("");
      say(`${os.cpus().length} cores, npm start's launcher, Node ${benchNodeVersion()}, PostgreSQL; the MTN and Wave fakes answer at once; BATCH_SEND_CONCURRENCY ${process.env.BATCH_SEND_CONCURRENCY ?? "default (4 per operator)"}. Load average (1 min) before: ${loadBefore.toFixed(1)}.`);
      say("");
      say(`- made (checked whole, ${LINES} lines written): ${madeMs.toFixed(0)} ms; approved (money held, ${LINES} transfers and their entries written): ${approveMs.toFixed(0)} ms`);
      say(`- from approval to the last line final: **${((lastFinal - approvedAt) / 1000).toFixed(1)} s** (${rows[0].completed} completed), ${(LINES / ((lastFinal - approvedAt) / 1000)).toFixed(0)} lines/s; batch ${rows[0].status}`);
      break;
    }
    if (Date.now() - approvedAt > 600_000) throw new Error(`batch not final after 10 minutes: ${JSON.stringify(rows[0])}`);
    await sleep(100);
  }
  const cpuMs = treeUsage(app.process.pid!).cpuMs - cpuBefore;
  const during = await load;
  say(`- app CPU from the approval to the last line: ${(cpuMs / 1000).toFixed(1)} s, ${(cpuMs / LINES).toFixed(1)} ms per line (the other merchant's reads meanwhile included)`);
  say(`- another merchant reading a link, ${CONNECTIONS} connections, ${LOAD_SECONDS} s: before the batch ${baseline.requests.average.toFixed(0)} req/s, p50 ${baseline.latency.p50} ms, p99 ${baseline.latency.p99} ms; from the approval on **${during.requests.average.toFixed(0)} req/s, p50 ${during.latency.p50} ms, p99 ${during.latency.p99} ms** (errors ${during.errors}, non-2xx ${during.non2xx})`);
  const loadAfter = os.loadavg()[0];
  say("");
  say(`Load average (1 min) after: ${loadAfter.toFixed(1)}${loadAfter > os.cpus().length ? "; above the core count: other work shared the CPU, the timings are noisy" : ""}.`);
  fs.mkdirSync("bench", { recursive: true });
  fs.writeFileSync(path.join("bench", "results-batch.md"), `${lines.join("\n")}\n`);
} finally {
  app.stop();
  await db.end();
  await Promise.all([mtn.close(), wave.close()]);
}
process.exit(0);
