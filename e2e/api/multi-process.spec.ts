import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { freshDatabase, siblingDatabaseUrl } from "../../scripts/fresh-database";

// Many processes, one truth (issue 17): three production servers (server/app-server.cjs on the build) on
// one PostgreSQL and the real Redis, each with its own embedded job runner, in a database of their
// own (so the suite's server and its runner stay out of it). Then `npm start`'s cluster launcher
// (scripts/start-server.cjs): three workers on one port, one killed and replaced.
// PGlite is one process's files: nothing to test there.

const basePort = Number(process.env.E2E_PORT ?? 3210);
// Past the ports e2e/serve.ts gives the other specs' receivers (+1..+5) and the operator fakes
// (+6..+9: MTN, Wave, Orange, pawaPay), and those of traces.spec.ts (+20..+22). At +9, the
// receiver met pawaPay's fake once it joined: EADDRINUSE on every PostgreSQL pass (CI 2026-12-03).
const receiverPort = basePort + 23;
const appPorts = [basePort + 10, basePort + 11, basePort + 12];
const clusterPort = basePort + 13;
const tlsDir = path.join(import.meta.dirname, "..", ".state", "tls");
const root = path.join(import.meta.dirname, "..", "..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const appServer = path.join(root, "server", "app-server.cjs");

const baseUrl = process.env.DATABASE_URL;
function redisUp() {
  const probe = "require('node:net').connect(6379, '127.0.0.1').on('connect', () => process.exit(0)).on('error', () => process.exit(1))";
  try {
    execFileSync(process.execPath, ["-e", probe], { stdio: "ignore", timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}
const skipReason = !baseUrl
  ? "multi-process: skipped on the embedded database (PGlite is one process); run with DATABASE_URL"
  : !redisUp()
    ? "multi-process: skipped, no Redis at 127.0.0.1:6379"
    : "";
if (skipReason) console.log(skipReason);

type Merchant = { id: string; sandboxKey: string; webhookSecret: string };
const KEY_LIMIT = 60;
// This run's own limiter keys in the shared Redis, the same in every process.
const rateLimitPrefix = `pcs-mp-${Date.now().toString(36)}`;

const databaseUrl = () => siblingDatabaseUrl(baseUrl!, "multi_process");

function appEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl(),
    REDIS_URL: "redis://127.0.0.1:6379",
    RATE_LIMIT_PREFIX: rateLimitPrefix,
    SANDBOX_API_REQUESTS_PER_MINUTE_PER_KEY: String(KEY_LIMIT),
    SANDBOX_API_REQUESTS_PER_MINUTE_PER_IP: "100000",
    API_KEY_CACHE_TTL_MS: "2000",
    // Long enough that a process killed right after answering has not recorded the answer yet.
    SANDBOX_DIRECT_ANSWER_MS: "3000",
    NODE_EXTRA_CA_CERTS: path.join(tlsDir, "cert.pem"),
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${receiverPort}`,
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "info",
    // What a production server refuses to start without (lib/surfaces/config/production-settings.ts); this
    // spec sends no mail.
    BETTER_AUTH_URL: `http://127.0.0.1:${clusterPort}`,
    BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? "multi-process-spec-session-key-0123456789",
  };
}

async function waitUntilServing(port: number) {
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/public/gateways/deposit/list`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
    .toBe(200);
}

function startApp(port: number): ChildProcess {
  return spawn(process.execPath, [appServer, "--port", String(port)], { env: appEnv(), stdio: ["ignore", "ignore", "inherit"] });
}

const stopped = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code))));

test.describe.configure({ mode: "serial" });
test.skip(!!skipReason, skipReason);

let apps: ChildProcess[] = [];
let receiver: https.Server;
const received: { headers: Record<string, string>; body: string }[] = [];
let merchants: Merchant[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await freshDatabase(databaseUrl());
  const env = appEnv();
  execFileSync(tsx, ["scripts/prepare-db.ts"], { cwd: root, env, stdio: "ignore" });
  merchants = ["Multi A", "Multi B", "Multi C"].map((merchantName) =>
    JSON.parse(execFileSync(tsx, ["scripts/merchant-create.ts", "--name", merchantName, "--json"], { cwd: root, env, encoding: "utf8" }).trim().split("\n").at(-1)!),
  );

  receiver = https.createServer({ key: fs.readFileSync(path.join(tlsDir, "key.pem")), cert: fs.readFileSync(path.join(tlsDir, "cert.pem")) }, (req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(receiverPort, "127.0.0.1", resolve));

  apps = appPorts.map(startApp);
  await Promise.all(appPorts.map(waitUntilServing));
});

test.afterAll(async () => {
  for (const app of apps) app.kill("SIGTERM");
  await Promise.all(apps.map(stopped));
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

const url = (i: number, route: string) => `http://127.0.0.1:${appPorts[i % appPorts.length]}${route}`;
const post = (i: number, route: string, key: string, data: unknown) =>
  fetch(url(i, route), { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(data) });

/** The verified events received for merchant, as "event reference" strings. */
function eventsOf(merchant: Merchant) {
  const hook = new Webhook(merchant.webhookSecret);
  return received.flatMap((r) => {
    try {
      const event = hook.verify(r.body, r.headers) as { event: string; reference: string };
      return [`${event.event} ${event.reference}`];
    } catch {
      return []; // another merchant's
    }
  });
}

test("a burst of links that expire together: each expires once, with one webhook, across three processes", async () => {
  test.setTimeout(90_000);
  const [merchant] = merchants;
  const callbackUrl = `https://127.0.0.1:${receiverPort}/hooks`;
  const links = await Promise.all(
    Array.from({ length: 30 }, async (_, i) => {
      const res = await post(i, "/test/api/v4/payments/link", merchant.sandboxKey, { amount: 1000 + i, currency: "XOF", description: `burst ${i}`, callbackUrl, expiresIn: 5 });
      expect(res.status).toBe(200);
      return ((await res.json()) as { reference: string }).reference;
    }),
  );
  const expected = links.map((reference) => `payment_link.expired ${reference}`).sort();
  await expect.poll(() => eventsOf(merchant).sort(), { timeout: 45_000 }).toEqual(expected);
  // Every runner has had a few more passes: still one each.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(eventsOf(merchant).sort()).toEqual(expected);
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT l.status::text, count(e.id)::int AS events FROM "PaymentLink" l LEFT JOIN "WebhookEvent" e ON e.reference = l.reference AND e.type = 'payment_link.expired'
       WHERE l.reference = ANY($1) GROUP BY l.id, l.status`,
      [links],
    );
    expect(rows).toHaveLength(30);
    for (const row of rows) expect(row).toEqual({ status: "expired", events: 1 });
  } finally {
    await db.end();
  }
});

test("a key's rate limit holds across the three processes (through Redis)", async () => {
  const [, merchant] = merchants;
  const statuses: number[] = [];
  // One at a time, round-robin over the processes: each process alone would allow KEY_LIMIT.
  for (let i = 0; i < KEY_LIMIT * 1.5; i++) {
    const res = await fetch(url(i, "/test/api/v4/merchant/balance"), { headers: { authorization: `Bearer ${merchant.sandboxKey}` } });
    statuses.push(res.status);
  }
  expect(statuses.filter((s) => s === 200)).toHaveLength(KEY_LIMIT);
  expect(statuses.filter((s) => s === 429)).toHaveLength(KEY_LIMIT / 2);
  expect(statuses.slice(0, KEY_LIMIT).every((s) => s === 200)).toBe(true);
});

test("a revoked key stops working in every process within the cache's TTL (2 s here)", async () => {
  const [, , merchant] = merchants;
  const read = (i: number) => fetch(url(i, "/test/api/v4/merchant/balance"), { headers: { authorization: `Bearer ${merchant.sandboxKey}` } });
  // Each process has the key cached now.
  for (let i = 0; i < 3; i++) expect((await read(i)).status).toBe(200);
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  await db.query(`UPDATE "ApiKey" SET "revokedAt" = now() WHERE "merchantId" = $1`, [merchant.id]);
  await db.end();
  const revokedAt = Date.now();
  await expect.poll(async () => Promise.all([0, 1, 2].map(async (i) => (await read(i)).status)), { timeout: 5_000, intervals: [200] }).toEqual([401, 401, 401]);
  expect(Date.now() - revokedAt).toBeLessThan(2_000 + 1_500);
});

test("a killed process's pending sandbox answers are still recorded and sent by the others", async () => {
  test.setTimeout(90_000);
  const [merchant] = merchants;
  const callbackUrl = `https://127.0.0.1:${receiverPort}/hooks`;
  // All on the first process, which is killed (no graceful stop) before its timers fire.
  const deposits: string[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await post(0, "/test/api/v4/classic/deposit/initiate", merchant.sandboxKey, {
      amount: 5000 + i, currency: "XOF", customerPhone: `+22507000004${40 + i}`, country: "CI", gatewayName: "MTN_MOMO_CI", callbackUrl,
    });
    expect(res.status).toBe(200);
    deposits.push(((await res.json()) as { reference: string }).reference);
  }
  apps[0].kill("SIGKILL");
  await stopped(apps[0]);
  const expected = deposits.map((reference) => `deposit.completed ${reference}`).sort();
  const depositEvents = () => eventsOf(merchant).filter((e) => e.startsWith("deposit.")).sort();
  await expect.poll(depositEvents, { timeout: 45_000 }).toEqual(expected);
  const res = await fetch(url(1, `/test/api/v4/deposits/${deposits[0]}`), { headers: { authorization: `Bearer ${merchant.sandboxKey}` } });
  expect(((await res.json()) as { status: string }).status).toBe("completed");
});

test("npm start's launcher: three workers on one port; a killed worker is replaced, SIGTERM stops them all", async () => {
  test.setTimeout(120_000);
  // Bound to 127.0.0.1: told that address, Next would take the sandbox pages' rewrite for an
  // external one (vercel/next.js#94745); our server tells it "localhost" instead
  // (server/app-server.cjs), and the sandbox checkout below must answer.
  const launcher = spawn(process.execPath, [path.join(root, "scripts", "start-server.cjs"), "--port", String(clusterPort), "--hostname", "127.0.0.1"], {
    cwd: root,
    env: { ...appEnv(), WEB_CONCURRENCY: "3" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The launcher's JSON log lines, from both streams (errors go to stderr).
  const lines: { msg?: string; pid?: number }[] = [];
  for (const stream of [launcher.stdout!, launcher.stderr!]) {
    let buffered = "";
    stream.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split("\n");
      buffered = parts.pop() ?? "";
      for (const line of parts) {
        try {
          lines.push(JSON.parse(line));
        } catch {
          // Next's own banner
        }
      }
    });
  }
  try {
    await waitUntilServing(clusterPort);
    const created = await fetch(`http://127.0.0.1:${clusterPort}/test/api/v4/payments/link`, {
      method: "POST",
      headers: { authorization: `Bearer ${merchants[0].sandboxKey}`, "content-type": "application/json" },
      body: JSON.stringify({ amount: 1500, currency: "XOF", description: "Through the launcher" }),
    });
    expect(created.status).toBe(200);
    const { reference } = (await created.json()) as { reference: string };
    const checkout = await fetch(`http://127.0.0.1:${clusterPort}/test/pay/${reference}`, { headers: { "accept-language": "en" } });
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain("Through the launcher");
    const started = () => lines.filter((l) => l.msg === "worker started").map((l) => l.pid!);
    await expect.poll(() => started().length, { timeout: 30_000 }).toBe(3);
    const [victim] = started();
    process.kill(victim, "SIGKILL");
    await expect.poll(() => lines.some((l) => l.msg === "worker died; starting another" && l.pid === victim), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => started().length, { timeout: 60_000 }).toBe(4);
    // The port kept serving: the other workers took the connections.
    for (let i = 0; i < 10; i++) expect((await fetch(`http://127.0.0.1:${clusterPort}/public/gateways/deposit/list`)).status).toBe(200);
    launcher.kill("SIGTERM");
    expect(await stopped(launcher)).toBe(0);
    for (const pid of started()) expect(() => process.kill(pid, 0)).toThrow("ESRCH"); // no such process
  } finally {
    if (launcher.exitCode === null) launcher.kill("SIGKILL");
  }
});
