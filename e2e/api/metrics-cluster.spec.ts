import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freshDatabase, siblingDatabaseUrl } from "../../scripts/fresh-database";

// Issue 48: under `npm start`'s cluster (scripts/start-server.cjs, two workers on the production
// build), a scrape of GET /api/metrics counts every worker once, whichever worker it lands on: the
// worker asks the launcher, which sums the workers' registries (lib/core/metrics/cluster-scrape.ts).
// Each request and scrape goes on a connection of its own, which the cluster hands to its workers
// in turn. Two workers need PostgreSQL (PGlite is one process's files).

const basePort = Number(process.env.E2E_PORT ?? 3210);
// Past multi-process.spec.ts's (+9..+13) and before production-settings.spec.ts's (+18, +19).
const clusterPort = basePort + 14;
const root = path.join(import.meta.dirname, "..", "..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const TOKEN = "metrics-cluster-spec-token";
const REQUESTS = 20;

const baseUrl = process.env.DATABASE_URL;
const databaseUrl = () => siblingDatabaseUrl(baseUrl!, "metrics_cluster");

test.skip(!baseUrl, "metrics cluster: skipped on the embedded database (PGlite is one process); run with DATABASE_URL");

/** GET on a connection of its own (agent: false), so the cluster may hand it to either worker. */
function get(route: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: clusterPort, path: route, headers, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

const scrape = () => get("/api/metrics", { authorization: `Bearer ${TOKEN}` });

/** The value of `name{labels}` in a scrape, labels written in the order the service writes them. */
function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

let launcher: ChildProcess | undefined;

test.afterAll(async () => {
  if (!launcher || launcher.exitCode !== null) return;
  const exited = new Promise((resolve) => launcher!.once("exit", resolve));
  launcher.kill("SIGTERM");
  await exited;
});

test("a scrape sums both workers of npm start, whichever worker answers it", async () => {
  test.setTimeout(180_000);
  await freshDatabase(databaseUrl());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl(),
    WEB_CONCURRENCY: "2",
    METRICS_TOKEN: TOKEN,
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "info",
    BETTER_AUTH_URL: `http://127.0.0.1:${clusterPort}`,
    BETTER_AUTH_SECRET: "metrics-cluster-spec-session-key-0123456789",
  };
  execFileSync(tsx, ["scripts/prepare-db.ts"], { cwd: root, env, stdio: "ignore" });
  launcher = spawn(process.execPath, [path.join(root, "scripts", "start-server.cjs"), "--port", String(clusterPort), "--hostname", "127.0.0.1"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Both workers up: each logs "server listening" once it listens.
  let listening = 0;
  launcher.stdout!.setEncoding("utf8");
  launcher.stdout!.on("data", (chunk: string) => (listening += chunk.split('"msg":"server listening"').length - 1));
  await expect.poll(() => listening, { timeout: 90_000 }).toBe(2);
  await expect.poll(async () => (await get("/api/health/ready")).status, { timeout: 30_000 }).toBe(200);

  // Refused without the token, by either worker.
  for (let i = 0; i < 4; i++) {
    const refused = await get("/api/metrics");
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body).error.code).toBe(40002);
  }

  for (let i = 0; i < REQUESTS; i++) expect((await get("/public/gateways/deposit/list")).status).toBe(200);

  const series = 'pcs_api_requests_total{operation="GET /public/gateways/deposit/list",status_class="2xx",environment="live"}';
  const histogram = 'pcs_api_request_duration_seconds_count{operation="GET /public/gateways/deposit/list",status_class="2xx",environment="live"}';
  for (let i = 0; i < 6; i++) {
    const { status, body } = await scrape();
    expect(status).toBe(200);
    expect(value(body, series), `scrape ${i}`).toBe(REQUESTS);
    expect(value(body, histogram), `scrape ${i}`).toBe(REQUESTS);
  }
});
