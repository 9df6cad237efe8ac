// npm run soak [-- --minutes 5] - does memory stay flat? The production build on a local
// PostgreSQL through `npm start`'s launcher (WEB_CONCURRENCY workers, at least 2 so the launcher
// reports each worker's memory), under mixed traffic for the given minutes: payment links
// created and read, sandbox DIRECT deposits approved 2 s later (settled in the background, each
// sending a webhook to a local HTTPS receiver), checkout reads, gateway lists. Every 10 s it
// prints each worker's RSS and heap; at the end, the target check: RSS <= 512 MiB per process
// and no upward trend over the last 3 minutes (the slope of a least-squares line through the
// samples, per minute). Local only: SOAK_DATABASE_URL must point at 127.0.0.1/localhost
// (default postgresql://postgres@127.0.0.1:5432/pcs_soak, dropped and created afresh).
// Run `npm run build` first. SOAK_PORT (default 3285; the receiver on the next port),
// SOAK_CONCURRENCY (default 8 requests in flight), SOAK_RATE (default 50 requests/s, steady).
import os from "node:os";
import { parseArgs } from "node:util";
import { appEnv, prepareMerchant, requireBuild, sleep, startApp, startReceiver } from "./bench-app";
import { freshDatabase } from "./fresh-database";

const { values } = parseArgs({ options: { minutes: { type: "string", default: "5" } } });
const MINUTES = Number(values.minutes);
if (!(MINUTES > 0 && MINUTES <= 60)) {
  console.error("--minutes must be between 0 and 60");
  process.exit(1);
}
const DATABASE_URL = process.env.SOAK_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pcs_soak";
requireBuild();
const PORT = Number(process.env.SOAK_PORT ?? 3285);
const RECEIVER_PORT = PORT + 1;
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);
// A steady rate, so that memory over time is comparable (a machine whose other work comes and goes
// would otherwise change the load, and the memory with it, as it pleases).
const RATE = Number(process.env.SOAK_RATE ?? 50);
const WORKERS = Math.max(2, Number(process.env.WEB_CONCURRENCY) || os.availableParallelism());
const LIMIT_MIB = 512;

try {
  await freshDatabase(DATABASE_URL);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
let webhooks = 0;
const receiver = await startReceiver(RECEIVER_PORT, () => webhooks++);
const callbackUrl = receiver.url;
const env = appEnv(DATABASE_URL, { port: RECEIVER_PORT, certFile: receiver.certFile }, { WEB_CONCURRENCY: String(WORKERS), MEMORY_LOG_SECONDS: "10" });
const merchant = prepareMerchant(env, "Soak Shop");

// Each worker's memory, from the launcher's "worker memory" log lines (scripts/start-server.cjs).
type Sample = { t: number; pid: number; rssMiB: number; heapUsedMiB: number };
const samples: Sample[] = [];
const started = Date.now();
const { base, process: app, stop } = await startApp({ ...env, LOG_LEVEL: "silent" }, PORT, "pipe-stdout");
let buffered = "";
app.stdout!.on("data", (chunk: Buffer) => {
  buffered += chunk.toString();
  const lines = buffered.split("\n");
  buffered = lines.pop() ?? "";
  for (const line of lines) {
    try {
      const entry = JSON.parse(line);
      if (entry.msg === "worker memory") samples.push({ t: (Date.now() - started) / 1000, pid: entry.pid, rssMiB: entry.rssMiB, heapUsedMiB: entry.heapUsedMiB });
    } catch {
      // Next's banner
    }
  }
});

const keyed = { authorization: `Bearer ${merchant.sandboxKey}`, "content-type": "application/json" };
const counts = { requests: 0, errors: 0 };
const links: string[] = [];
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];
async function one() {
  const roll = Math.random();
  let res: Response;
  if (roll < 0.25 || links.length === 0) {
    res = await fetch(`${base}/test/api/v4/payments/link`, { method: "POST", headers: keyed, body: JSON.stringify({ amount: 5000, currency: "XOF", description: "Soak order", callbackUrl, expiresIn: 60 }) });
    if (res.ok) {
      const reference = ((await res.json()) as { reference: string }).reference;
      links.push(reference);
      if (links.length > 500) links.shift();
    } else await res.text();
  } else if (roll < 0.45) {
    res = await fetch(`${base}/test/api/v4/payments/link/${pick(links)}`, { headers: keyed });
    await res.text();
  } else if (roll < 0.65) {
    res = await fetch(`${base}/test/api/v4/deposit/initiate`, { method: "POST", headers: keyed, body: JSON.stringify({ amount: 5000, currency: "XOF", customerPhone: "+2250700000444", country: "CI", gatewayName: "MTN_MOMO_CI", callbackUrl }) });
    await res.text();
  } else if (roll < 0.9) {
    res = await fetch(`${base}/test/api/checkout/${pick(links)}`);
    await res.text();
  } else {
    res = await fetch(`${base}/public/gateways/deposit/list?country=CI`);
    await res.text();
  }
  counts.requests++;
  if (res.status >= 500) counts.errors++;
}

const until = started + MINUTES * 60_000;
const trafficStart = Date.now();
let issued = 0;
const traffic = Array.from({ length: CONCURRENCY }, async () => {
  while (Date.now() < until) {
    const due = trafficStart + (issued++ * 1000) / RATE;
    if (due > Date.now()) await sleep(due - Date.now());
    await one().catch(() => counts.errors++);
  }
});
let printed = 0;
const printer = setInterval(() => {
  const fresh = samples.slice(printed);
  printed = samples.length;
  const perWorker = fresh.map((s) => `pid ${s.pid}: RSS ${s.rssMiB} MiB, heap ${s.heapUsedMiB} MiB`).join("; ");
  console.log(`${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s  ${counts.requests} requests (${counts.errors} errors), ${webhooks} webhooks  ${perWorker}`);
}, 10_000);
await Promise.all(traffic);
clearInterval(printer);
stop();
receiver.close();

// ---- verdict: per worker, peak RSS and the trend of the last 3 minutes -------------------
const slope = (points: { x: number; y: number }[]) => {
  const n = points.length;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const num = points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
};
const end = (Date.now() - started) / 1000;
const windowStart = Math.max(0, end - 180);
console.log(`\n${MINUTES} min, ${WORKERS} workers, ${RATE} requests/s asked, ${counts.requests} requests (${counts.errors} 5xx/failed), ${webhooks} webhooks received; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
let ok = true;
for (const pid of [...new Set(samples.map((s) => s.pid))]) {
  const mine = samples.filter((s) => s.pid === pid);
  const last = mine.filter((s) => s.t >= windowStart);
  const peak = Math.max(...mine.map((s) => s.rssMiB));
  const rssPerMin = slope(last.map((s) => ({ x: s.t / 60, y: s.rssMiB })));
  const heapPerMin = slope(last.map((s) => ({ x: s.t / 60, y: s.heapUsedMiB })));
  // Flat: the fitted line rises less than 2% of the limit per minute (GC sawtooth is noise).
  const flat = rssPerMin < LIMIT_MIB * 0.02;
  ok &&= peak <= LIMIT_MIB && flat;
  console.log(`worker ${pid}: peak RSS ${peak} MiB (limit ${LIMIT_MIB}), last ${((end - windowStart) / 60).toFixed(1)} min: RSS ${rssPerMin >= 0 ? "+" : ""}${rssPerMin.toFixed(1)} MiB/min, heap ${heapPerMin >= 0 ? "+" : ""}${heapPerMin.toFixed(1)} MiB/min -> ${peak <= LIMIT_MIB && flat ? "ok" : "NOT OK"}`);
}
console.log(ok ? "memory: within target" : "memory: OUT OF TARGET");
process.exit(0);
