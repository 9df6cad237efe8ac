import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { freshDatabase, siblingDatabaseUrl } from "../../scripts/fresh-database";
import { makeSelfSignedCertificate } from "../../scripts/self-signed-certificate";
import { startMtnMomoFake, type MtnMomoFake } from "../../tests/fakes/mtn-momo-fake";
import { mtnMomoFakeEnv } from "../../tests/fakes/start-operator-fakes";
import { startLauncher } from "../launcher";

// Issue 48: under `npm start`'s cluster (scripts/start-server.cjs, two workers on the production
// build), a scrape of GET /api/metrics counts every worker once, whichever worker it lands on: the
// worker asks the launcher, which sums the workers' registries (lib/core/metrics/cluster-scrape.ts),
// and the database's state is read once (lib/features/monitoring). What is counted is what really
// happened: a sandbox payment, its webhook refused by the merchant's server, a live MTN request
// that timed out and one MTN answered 500 after recording it (MTN's fake, tests/fakes/).
// Each request and scrape goes on a connection of its own, which the cluster hands to its workers
// in turn. Two workers need PostgreSQL (PGlite is one process's files).

const basePort = Number(process.env.E2E_PORT ?? 3210);
// Past multi-process.spec.ts's (+9..+13) and before production-settings.spec.ts's (+18, +19).
const clusterPort = basePort + 14;
// The MTN fake and the refusing webhook receiver, on ports of their own after this spec's.
const receiverPort = clusterPort + 1;
const TOKEN = "metrics-cluster-spec-token";
const REQUESTS = 20;
const OPERATOR_TIMEOUT_MS = 1_000;

const baseUrl = process.env.DATABASE_URL;
const databaseUrl = () => siblingDatabaseUrl(baseUrl!, "metrics_cluster");

test.skip(!baseUrl, "metrics cluster: skipped on the embedded database (PGlite is one process); run with DATABASE_URL");
// One launcher on one port for the file: its tests run in order, in one worker.
test.describe.configure({ mode: "serial" });

/** A request on a connection of its own (agent: false), so the cluster may hand it to either worker. */
function request(method: string, route: string, headers: Record<string, string> = {}, body?: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { method, host: "127.0.0.1", port: clusterPort, path: route, headers: body === undefined ? headers : { ...headers, "content-type": "application/json" }, agent: false },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
const get = (route: string, headers: Record<string, string> = {}) => request("GET", route, headers);

const scrape = () => get("/api/metrics", { authorization: `Bearer ${TOKEN}` });

/** The value of `name{labels}` in a scrape, labels written in the order the service writes them; undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

let launcher: ChildProcess | undefined;
let mtn: MtnMomoFake | undefined;
let receiver: https.Server | undefined;
let receiverHits = 0;
let merchant: { sandboxKey: string; liveKey: string };

test.afterAll(async () => {
  await mtn?.close();
  receiver?.close();
  if (!launcher || launcher.exitCode !== null) return;
  const exited = new Promise((resolve) => launcher!.once("exit", resolve));
  launcher.kill("SIGTERM");
  await exited;
});

test.beforeAll(async () => {
  if (!baseUrl) return;
  test.setTimeout(180_000);
  await freshDatabase(databaseUrl());
  // The merchant's webhook server: HTTPS (as production requires), refusing every delivery.
  const tls = makeSelfSignedCertificate(fs.mkdtempSync(path.join(os.tmpdir(), "pcs-metrics-cluster-")));
  receiver = https.createServer({ key: fs.readFileSync(tls.keyFile), cert: fs.readFileSync(tls.certFile) }, (req, res) => {
    req.resume();
    req.on("end", () => (receiverHits++, res.writeHead(500).end()));
  });
  await new Promise<void>((resolve) => receiver!.listen(receiverPort, "127.0.0.1", resolve));
  // MTN's customers answer after a while: the live deposits stay open while the test reads the state.
  mtn = await startMtnMomoFake({ answerAfterMs: 600_000 });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl(),
    WEB_CONCURRENCY: "2",
    METRICS_TOKEN: TOKEN,
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "info",
    BETTER_AUTH_URL: `http://127.0.0.1:${clusterPort}`,
    BETTER_AUTH_SECRET: "metrics-cluster-spec-session-key-0123456789",
    ...mtnMomoFakeEnv(mtn),
    MTN_MOMO_COUNTRIES: "CI",
    OPERATOR_TIMEOUT_MS: String(OPERATOR_TIMEOUT_MS),
    SANDBOX_DIRECT_ANSWER_MS: "300",
    // One attempt and its retry an hour later: the test sees exactly the first.
    WEBHOOK_RETRY_SCHEDULE_MS: "3600000",
    NODE_EXTRA_CA_CERTS: tls.certFile,
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${receiverPort}`,
    // The API keys' counts written only when a worker stops (the last test).
    API_KEY_USAGE_FLUSH_SECONDS: "3600",
  };
  ({ launcher, merchant } = await startLauncher({ env, port: clusterPort, workers: 2, merchantName: "Metrics shop" }));
  await expect.poll(async () => (await get("/api/health/ready")).status, { timeout: 30_000 }).toBe(200);
});

test("a scrape sums both workers of npm start, whichever worker answers it", async () => {
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

test("a payment, a refused webhook, an operator's timeout and an unknown outcome are each counted once", async () => {
  test.setTimeout(120_000);
  const deposit = (key: string, prefix: string, body: Record<string, unknown>) =>
    request("POST", `${prefix}/api/v4/classic/deposit/initiate`, { authorization: `Bearer ${key}` }, { amount: 2500, currency: "XOF", country: "CI", gatewayName: "MTN_MOMO_CI", ...body });

  // A sandbox payment (the phone pays), whose webhook the merchant's server refuses.
  const paid = await deposit(merchant.sandboxKey, "/test", { customerPhone: "+2250700000444", callbackUrl: `https://127.0.0.1:${receiverPort}/hooks` });
  expect(paid.status, paid.body).toBe(200);
  await expect.poll(() => receiverHits, { timeout: 30_000 }).toBe(1);

  // A live request MTN takes longer to answer than we wait: sent, outcome unknown (a timeout).
  mtn!.failNext({ delayMs: OPERATOR_TIMEOUT_MS * 3 });
  const timedOut = await deposit(merchant.liveKey, "", { customerPhone: "+2250500000123" });
  // A live request MTN records, then answers 500: sent, outcome unknown.
  mtn!.failNext({ process: true, status: 500 });
  const lost = await deposit(merchant.liveKey, "", { customerPhone: "+2250500000124" });
  for (const answer of [timedOut, lost]) {
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body).status).toBe("pending");
  }
  // What the fake received decides what must be counted: each requesttopay it was sent is one call.
  const sent = mtn!.received.filter((r) => r.method === "POST" && r.path.endsWith("/requesttopay")).length;
  expect(sent).toBeGreaterThanOrEqual(2);

  const operator = (outcome: string) => `{operator="mtn-momo",operation="requesttopay",outcome="${outcome}"}`;
  for (let i = 0; i < 6; i++) {
    const { status, body } = await scrape();
    expect(status).toBe(200);
    const at = `scrape ${i}`;
    expect(value(body, 'pcs_payments_completed_total{currency="XOF",environment="sandbox"}'), at).toBe(1);
    expect(value(body, 'pcs_payments_collected_minor_total{currency="XOF",environment="sandbox"}'), at).toBe(2500);
    expect(value(body, 'pcs_webhook_attempts_total{outcome="retrying"}'), at).toBe(1);
    expect(value(body, `pcs_operator_calls_total${operator("timeout")}`), at).toBe(1);
    expect(value(body, `pcs_operator_call_duration_seconds_count${operator("timeout")}`), at).toBe(1);
    expect(value(body, `pcs_operator_call_duration_seconds_sum${operator("timeout")}`), at).toBeGreaterThanOrEqual(OPERATOR_TIMEOUT_MS / 1000);
    expect(value(body, `pcs_operator_calls_total${operator("unknown")}`), at).toBe(1);
    // Every requesttopay the fake received is counted once, under one outcome or another.
    const counted = ["success", "refused", "unknown", "timeout", "not_sent", "error"].reduce((sum, outcome) => sum + (value(body, `pcs_operator_calls_total${operator(outcome)}`) ?? 0), 0);
    expect(counted, at).toBe(sent);
    // The database's state, read once (not once per worker): two live deposits open at MTN, one delivery waiting.
    expect(value(body, 'pcs_unknown_outcomes{kind="deposit",age="under_5m"}'), at).toBe(2);
    expect(value(body, "pcs_webhook_backlog"), at).toBe(1);
    expect(value(body, "pcs_state_up"), at).toBe(1);
  }
});

test("each worker's API key counts reach the table when the server stops, summed", async () => {
  test.setTimeout(120_000);
  // The flush interval is an hour (API_KEY_USAGE_FLUSH_SECONDS in beforeAll): what the table holds is what
  // each worker wrote at its stop. Ten refused reads on connections of their own, which the cluster
  // hands to both workers, beside the deposits above (one sandbox, two live, all 200).
  for (let i = 0; i < 10; i++) {
    const answer = await request("GET", "/test/api/v4/payments/link/LINK_TEST_01JZZZZZZZZZZZZZZZZZZZZZZZ", { authorization: `Bearer ${merchant.sandboxKey}` });
    expect(answer.status).toBe(404);
  }
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const usage = async () =>
      (
        await client.query<{ prefix: string; ok: number; client_errors: number; server_errors: number }>(
          `SELECT k."prefix", sum(u."ok")::int AS ok, sum(u."clientErrors")::int AS client_errors, sum(u."serverErrors")::int AS server_errors
           FROM "ApiKeyUsage" u JOIN "ApiKey" k ON k."id" = u."apiKeyId" GROUP BY k."prefix" ORDER BY 1`,
        )
      ).rows;
    expect(await usage()).toEqual([]);
    const exited = new Promise((resolve) => launcher!.once("exit", resolve));
    launcher!.kill("SIGTERM");
    await exited;
    const byPrefix = Object.fromEntries((await usage()).map(({ prefix, ...counts }) => [prefix, counts]));
    expect(byPrefix).toEqual({
      [merchant.sandboxKey.slice(0, 14)]: { ok: 1, client_errors: 10, server_errors: 0 },
      [merchant.liveKey.slice(0, 14)]: { ok: 2, client_errors: 0, server_errors: 0 },
    });
  } finally {
    await client.end();
  }
});
