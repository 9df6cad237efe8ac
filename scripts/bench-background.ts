// npm run bench:background (and the last part of `npm run bench`) - does the background work keep
// pace? The production build on PostgreSQL through `npm start`'s launcher (every core unless
// WEB_CONCURRENCY says otherwise), its embedded runners delivering to a local HTTPS receiver:
//   1. delivery throughput: BENCH_DELIVERIES (default 3000) webhook deliveries made due at the
//      same moment; deliveries/s from that moment to the last one received, and duplicates
//      (a webhook-id received twice, or a delivery with more than one attempt);
//   2. under API load: BENCH_CONNECTIONS_BG (default 10) connections of approved sandbox DIRECT
//      deposits with a callback URL for BENCH_SECONDS (default 20): from the state change (the
//      deposit.completed event's row, written in the transaction that completes the deposit) to
//      the first attempt, p50/p99; from the simulated phone's answer to the state change; and
//      how long after the load stops the last approved deposit settles and the last webhook is
//      delivered.
//   3. cost per item: statements and CPU per settled deposit and per delivery, in one process
//      (scripts/background-cost.ts), figures that hardly depend on the machine's load; alone
//      with `-- --cost-only`, profiled into BENCH_CPU_PROF_DIR if set.
// Run `npm run build` first. Prints the figures and writes bench/background-results.md.
// Measures, does not assert: the targets are in bench/README.md. BENCH_DATABASE_URL_BG (default
// postgresql://postgres@127.0.0.1:5432/pcs_bench_background, dropped and created afresh),
// BENCH_PORT_BG (default 3275; the receiver on the next port).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ulid } from "ulid";
import { appEnv, benchNodeVersion, bin, prepareMerchant, requireBuild, sleep, startApp, startReceiver, treeUsage } from "./bench-app";
import { freshDatabase } from "./fresh-database";

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 3000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS_BG ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const DATABASE_URL = process.env.BENCH_DATABASE_URL_BG ?? "postgresql://postgres@127.0.0.1:5432/pcs_bench_background";
const PORT = Number(process.env.BENCH_PORT_BG ?? 3275);
const RECEIVER_PORT = PORT + 1;
const ANSWER_MS = 2000;

if (!process.argv.includes("--cost-only")) requireBuild();
await freshDatabase(DATABASE_URL);

// Every request received: its webhook-id and when.
const received: { id: string; at: number }[] = [];
const receiver = await startReceiver(RECEIVER_PORT, (id) => received.push({ id, at: Date.now() }));
const callbackUrl = receiver.url;
const env = appEnv(DATABASE_URL, { port: RECEIVER_PORT, certFile: receiver.certFile }, { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent", SANDBOX_DIRECT_ANSWER_MS: String(ANSWER_MS) });
const merchant = prepareMerchant(env, "Bench Shop");
const db = new pg.Client({ connectionString: DATABASE_URL });
await db.connect();
const workers = Number(process.env.WEB_CONCURRENCY) || os.availableParallelism();
const loadBefore = os.loadavg()[0];
const lines: string[] = [];
const say = (line: string) => (console.log(line), lines.push(line));
/** A command's standard output, while this process (the receiver) goes on answering. */
function output(command: string, args: string[], childEnv: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: childEnv, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${path.basename(command)} exited with ${code}`))));
  });
}
/** Transactions committed in the database so far (each statement outside BEGIN is one). */
const commits = async () => Number((await db.query(`SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()`)).rows[0].xact_commit);

// `--cost-only`: part 3 alone (no server, no build needed), e.g. to compare two versions of lib/.
const costOnly = process.argv.includes("--cost-only");
if (!costOnly) await serverPhases();

async function serverPhases() {
  const app = await startApp(env, PORT);
  const { base, stop } = app;
  try {
    // ---- 1. delivery throughput --------------------------------------------------------------
    const cpuBefore = treeUsage(app.process.pid!).cpuMs;
    const commitsBefore = await commits();
    const dueAt = Date.now() + 3_000;
    const events = Array.from({ length: DELIVERIES }, (_, i) => ({ id: `msg_${ulid()}`, delivery: `whd_${ulid()}`, reference: `BENCH_${i}` }));
    for (let i = 0; i < events.length; i += 500) {
      const chunk = events.slice(i, i + 500);
      await db.query(
        `INSERT INTO "WebhookEvent" (id, "merchantId", environment, type, reference, payload, "createdAt")
         SELECT id, $2, 'sandbox', 'deposit.completed', ref, '{"event":"deposit.completed","reference":"' || ref || '"}', now()
         FROM unnest($1::text[], $3::text[]) AS t(id, ref)`,
        [chunk.map((e) => e.id), merchant.id, chunk.map((e) => e.reference)],
      );
      await db.query(
        `INSERT INTO "WebhookDelivery" (id, "eventId", url, status, "nextAttemptAt", "createdAt")
         SELECT d, e, $3, 'pending', to_timestamp($4::double precision / 1000) AT TIME ZONE 'UTC', now()
         FROM unnest($1::text[], $2::text[]) AS t(d, e)`,
        [chunk.map((e) => e.delivery), chunk.map((e) => e.id), callbackUrl, dueAt],
      );
    }
    const ids = new Set(events.map((e) => e.id));
    const ofBurst = () => received.filter((r) => ids.has(r.id));
    const deadline = Date.now() + 120_000;
    while (ofBurst().length < DELIVERIES && Date.now() < deadline) await sleep(100);
    await sleep(2_000); // anything sent twice arrives by now
    const burst = ofBurst();
    const unique = new Set(burst.map((r) => r.id)).size;
    const lastAt = Math.max(...burst.map((r) => r.at));
    const burstCpuMs = treeUsage(app.process.pid!).cpuMs - cpuBefore;
    const burstCommits = (await commits()) - commitsBefore;
    const { rows: multi } = await db.query(
      `SELECT count(*)::int AS n FROM (SELECT "deliveryId" FROM "WebhookAttempt" WHERE "deliveryId" = ANY($1) GROUP BY "deliveryId" HAVING count(*) > 1) x`,
      [events.map((e) => e.delivery)],
    );
    say(`# Background work (${new Date().toISOString().slice(0, 16)}Z)`);
    say("");
    say(`${os.cpus().length} cores, ${workers} app worker(s) (npm start's launcher), Node ${benchNodeVersion()}, PostgreSQL; receiver (HTTPS, answers 204 at once) and the load generator on the same machine. Load average (1 min) before: ${loadBefore.toFixed(1)}.`);
    say("");
    say(`- webhook deliveries: ${unique} of ${DELIVERIES} made due at once, received in ${((lastAt - dueAt) / 1000).toFixed(1)} s = **${(unique / ((lastAt - dueAt) / 1000)).toFixed(0)} deliveries/s**; duplicates: ${burst.length - unique} received twice, ${multi[0].n} deliveries with more than one attempt (target >= 200/s, 0 duplicates)`);
    say(`  - cost: app CPU ${(burstCpuMs / DELIVERIES).toFixed(2)} ms per delivery (every worker, from the inserts to 2 s after the last one), ${(burstCommits / DELIVERIES).toFixed(2)} database transactions per delivery`);

    // ---- 2. under API load ---------------------------------------------------------------------
    const phone = "+2250700000444";
    const body = JSON.stringify({ amount: 5000, currency: "XOF", customerPhone: phone, country: "CI", gatewayName: "MTN_MOMO_CI", callbackUrl });
    const loadCpuBefore = treeUsage(app.process.pid!).cpuMs;
    const loadCommitsBefore = await commits();
    // Not execFileSync: that would stop this process's event loop, and with it the receiver.
    const loadOut = await output(bin("autocannon"), ["--json", "-c", String(CONNECTIONS), "-d", String(SECONDS), "-m", "POST",
      "-H", "content-type=application/json", "-H", `authorization=Bearer ${merchant.sandboxKey}`, "-b", body, `${base}/test/api/v4/deposit/initiate`], process.env);
    const loadStopped = Date.now();
    const load = JSON.parse(loadOut);
    const pending = async () => Number((await db.query(`SELECT count(*) FROM "Deposit" WHERE status = 'pending' AND "customerPhone" = $1`, [phone])).rows[0].count);
    while ((await pending()) > 0 && Date.now() - loadStopped < 180_000) await sleep(100);
    const settledAfter = (Date.now() - loadStopped) / 1000;
    const undelivered = async () =>
      Number((await db.query(`SELECT count(*) FROM "WebhookDelivery" d JOIN "WebhookEvent" e ON e.id = d."eventId" WHERE e.type = 'deposit.completed' AND d.status <> 'delivered' AND e.reference NOT LIKE 'BENCH_%'`)).rows[0].count);
    while ((await undelivered()) > 0 && Date.now() - loadStopped < 180_000) await sleep(100);
    const deliveredAfter = (Date.now() - loadStopped) / 1000;
    const loadCpuMs = treeUsage(app.process.pid!).cpuMs - loadCpuBefore;
    const loadCommits = (await commits()) - loadCommitsBefore;
    const { rows: [lat] } = await db.query(
      `SELECT count(*)::int AS n,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY first_ms) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY first_ms) AS p99, max(first_ms) AS max,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY change_ms) AS c50, percentile_cont(0.99) WITHIN GROUP (ORDER BY change_ms) AS c99
       FROM (
         SELECT extract(epoch FROM a."startedAt" - e."createdAt") * 1000 AS first_ms,
                extract(epoch FROM e."createdAt" - (dep."createdAt" + make_interval(secs => $1::double precision / 1000))) * 1000 AS change_ms
         FROM "WebhookEvent" e JOIN "Deposit" dep ON dep.reference = e.reference
         JOIN "WebhookDelivery" d ON d."eventId" = e.id JOIN "WebhookAttempt" a ON a."deliveryId" = d.id AND a.number = 1
         WHERE e.type = 'deposit.completed'
       ) x`,
      [ANSWER_MS],
    );
    say(`- under load: ${CONNECTIONS} connections of approved DIRECT deposits for ${SECONDS} s, ${load.requests.average.toFixed(0)} req/s, p99 ${load.latency.p99} ms, errors ${load.errors + load.timeouts}, non-2xx ${load.non2xx}; ${lat.n} deposits approved (each answered ${ANSWER_MS / 1000} s after it was made)`);
    say(`- state change -> first webhook attempt: **p50 ${Number(lat.p50).toFixed(0)} ms, p99 ${Number(lat.p99).toFixed(0)} ms**, max ${Number(lat.max).toFixed(0)} ms (target p99 < 2 s)`);
    say(`- phone's answer -> state change recorded: p50 ${Number(lat.c50).toFixed(0)} ms, p99 ${Number(lat.c99).toFixed(0)} ms`);
    say(`- after the load stopped: every approved deposit settled in **${settledAfter.toFixed(1)} s**, every deposit.completed webhook delivered in ${deliveredAfter.toFixed(1)} s (target: settled within 5 s)`);
    say(`  - cost: app CPU ${(loadCpuMs / lat.n).toFixed(2)} ms and ${(loadCommits / lat.n).toFixed(2)} database transactions per approved deposit, its request, settlement and webhook together`);
  } finally {
    stop();
  }
}
// ---- 3. cost per item, in-process (scripts/background-cost.ts) ---------------------------------
// BENCH_CPU_PROF_DIR: a CPU profile of it there (node --cpu-prof), to see where the time goes.
const profile = process.env.BENCH_CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
const cost = await output(bin("tsx"), [...profile, "scripts/background-cost.ts"], { ...env, COST_CALLBACK_URL: callbackUrl, COST_MERCHANT_ID: merchant.id, SANDBOX_DIRECT_ANSWER_MS: "0" });
const figures = JSON.parse(cost.trim().split("\n").at(-1)!);
const costLine = (what: string, f: { count: number; statementsPerItem: number; appCpuMsPerItem: number; dbCpuMsPerItem: number; wallMs: number }) =>
  `- per ${what} (${f.count} in one process, scripts/background-cost.ts): **${f.statementsPerItem} SQL statements**, ${f.appCpuMsPerItem} ms app CPU, ${f.dbCpuMsPerItem} ms PostgreSQL CPU; ${f.wallMs} ms for all`;
say("");
say("Cost per item (does not depend on the machine's load, unlike the timings above):");
say("");
say(costLine("settled sandbox deposit", figures.deposits));
say(costLine("webhook delivery", figures.deliveries));
say("");
const loadAfter = os.loadavg()[0];
say(`Load average (1 min) after: ${loadAfter.toFixed(1)}${loadAfter > os.cpus().length ? "; above the core count, other work shared the CPU and the timings are noisy" : " (the benchmark's own load included)"}.`);
await db.end();
receiver.close();
if (!costOnly) {
  fs.mkdirSync("bench", { recursive: true });
  fs.writeFileSync(path.join("bench", "background-results.md"), `${lines.join("\n")}\n`);
}
process.exit(0);
