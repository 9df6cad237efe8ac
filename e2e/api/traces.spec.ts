import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freshDatabase, siblingDatabaseUrl } from "../../scripts/fresh-database";
import { makeSelfSignedCertificate } from "../../scripts/self-signed-certificate";
import { startMtnMomoFake, type MtnMomoFake } from "../../tests/fakes/mtn-momo-fake";
import { mtnMomoFakeEnv } from "../../tests/fakes/start-operator-fakes";
import { startLauncher } from "../launcher";

// Issue 48, traces: `npm start` on the production build with OTEL_EXPORTER_OTLP_ENDPOINT set (two
// workers on PostgreSQL, one on the embedded database) exports its spans over OTLP (http/json) to a
// receiver in this test. A create link is one trace with its database span, under the merchant's
// traceparent; a live MTN deposit is one trace with the operator's span, and the webhook of that
// deposit continues it: the trace id is the one in the API answer's X-Trace-Id and in the
// webhook's traceparent and X-Trace-Id headers.

const basePort = Number(process.env.E2E_PORT ?? 3210);
// Past production-settings.spec.ts's (+18, +19).
const appPort = basePort + 20;
const otlpPort = basePort + 21;
const webhookPort = basePort + 22;
const baseUrl = process.env.DATABASE_URL;
const workers = baseUrl ? 2 : 1;

// One launcher for the file: its tests run in order, in one worker.
test.describe.configure({ mode: "serial" });

type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes: { key: string; value: Record<string, unknown> }[] };
const received: OtlpSpan[] = [];
const webhooks: { headers: http.IncomingHttpHeaders; body: string }[] = [];

/** OTLP/HTTP's trace service (JSON): every span of every request, kept. */
function startOtlpReceiver() {
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces") return void res.writeHead(404).end();
      const request = JSON.parse(body) as { resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[] };
      for (const resource of request.resourceSpans ?? []) for (const scope of resource.scopeSpans ?? []) received.push(...(scope.spans ?? []));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  return new Promise<http.Server>((resolve) => server.listen(otlpPort, "127.0.0.1", () => resolve(server)));
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value === undefined ? undefined : Object.values(value)[0];
};
const inTrace = (traceId: string) => received.filter((span) => span.traceId === traceId);
const named = (traceId: string, name: string) => inTrace(traceId).find((span) => span.name === name);

/** The parent outside this process of the spans from `name` up: the caller's span the request continued. */
function entrySpanParent(traceId: string, name: string): string | undefined {
  let span = named(traceId, name);
  for (let depth = 0; span?.parentSpanId && depth < 10; depth++) {
    const parent = inTrace(traceId).find((s) => s.spanId === span!.parentSpanId);
    if (!parent) return span.parentSpanId;
    span = parent;
  }
  return undefined;
}

function request(method: string, route: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(
      { method, host: "127.0.0.1", port: appPort, path: route, agent: false, headers: body === undefined ? headers : { ...headers, "content-type": "application/json" } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

let launcher: ChildProcess | undefined;
let otlp: http.Server | undefined;
let receiver: https.Server | undefined;
let mtn: MtnMomoFake | undefined;
let merchant: { sandboxKey: string; liveKey: string };

test.afterAll(async () => {
  await mtn?.close();
  receiver?.close();
  otlp?.close();
  if (!launcher || launcher.exitCode !== null) return;
  const exited = new Promise((resolve) => launcher!.once("exit", resolve));
  launcher.kill("SIGTERM");
  await exited;
});

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const state = fs.mkdtempSync(path.join(os.tmpdir(), "pcs-traces-"));
  const database: Record<string, string> = baseUrl ? { DATABASE_URL: siblingDatabaseUrl(baseUrl, "traces") } : { PGLITE_DATA_DIR: path.join(state, "pglite") };
  if (baseUrl) await freshDatabase(database.DATABASE_URL);
  otlp = await startOtlpReceiver();
  // The merchant's webhook server: HTTPS, as production requires; it keeps what it receives.
  const tls = makeSelfSignedCertificate(state);
  receiver = https.createServer({ key: fs.readFileSync(tls.keyFile), cert: fs.readFileSync(tls.certFile) }, (req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      webhooks.push({ headers: req.headers, body });
      res.writeHead(200).end("thanks");
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(webhookPort, "127.0.0.1", resolve));
  mtn = await startMtnMomoFake();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...database,
    WEB_CONCURRENCY: String(workers),
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "info",
    BETTER_AUTH_URL: `http://127.0.0.1:${appPort}`,
    BETTER_AUTH_SECRET: "traces-spec-session-key-0123456789abcdef",
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    // Batches go out every 200 ms rather than every 5 s.
    OTEL_BSP_SCHEDULE_DELAY: "200",
    ...mtnMomoFakeEnv(mtn),
    MTN_MOMO_COUNTRIES: "CI",
    NODE_EXTRA_CA_CERTS: tls.certFile,
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${webhookPort}`,
  };
  ({ launcher, merchant } = await startLauncher({ env, port: appPort, workers, merchantName: "Traced shop" }));
});

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

test("a create link is one trace under the merchant's traceparent, with its database span", async () => {
  const traceId = hex(16);
  const merchantSpan = hex(8);
  const created = await request("POST", "/test/api/v4/payments/link", { authorization: `Bearer ${merchant.sandboxKey}`, traceparent: `00-${traceId}-${merchantSpan}-01` }, {
    amount: 5000,
    currency: "XOF",
    description: "Traced order",
  });
  expect(created.status, created.body).toBe(200);
  expect(created.headers["x-trace-id"]).toBe(traceId);

  // Its parent is the merchant's span, or Next's request span under it: a worker's first API
  // request goes through Next, which opens that worker's lane (server/app-server.cjs).
  await expect.poll(() => entrySpanParent(traceId, "POST /api/v4/payments/link"), { timeout: 15_000 }).toBe(merchantSpan);
  const span = named(traceId, "POST /api/v4/payments/link")!;
  expect(attribute(span, "pcs.environment")).toBe("sandbox");
  expect(Number(attribute(span, "http.response.status_code"))).toBe(200);
  // The link's insert, a statement of the request's.
  await expect.poll(() => inTrace(traceId).some((s) => s.parentSpanId === span.spanId && attribute(s, "db.system.name") === "postgresql"), { timeout: 15_000 }).toBe(true);

  // A malformed traceparent is ignored: a trace of its own, never an error.
  const malformed = await request("GET", `/test/api/v4/payments/link/${JSON.parse(created.body).reference}`, { authorization: `Bearer ${merchant.sandboxKey}`, traceparent: "00-not-a-trace-01" });
  expect(malformed.status, malformed.body).toBe(200);
  expect(malformed.headers["x-trace-id"]).toMatch(/^[0-9a-f]{32}$/);
});

test("a live MTN deposit is one trace with the operator's span, and its webhook carries the answer's trace id", async () => {
  test.setTimeout(60_000);
  mtn!.script("2250701234567", { customer: "approve", callback: "none" });
  const answer = await request("POST", "/api/v4/classic/deposit/initiate", { authorization: `Bearer ${merchant.liveKey}` }, {
    amount: 2500,
    currency: "XOF",
    country: "CI",
    gatewayName: "MTN_MOMO_CI",
    customerPhone: "+2250701234567",
    callbackUrl: `https://127.0.0.1:${webhookPort}/hooks`,
  });
  expect(answer.status, answer.body).toBe(200);
  const traceId = String(answer.headers["x-trace-id"]);
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);

  await expect.poll(() => named(traceId, "operator mtn-momo requesttopay")?.name, { timeout: 15_000 }).toBeDefined();
  const requestSpan = named(traceId, "POST /api/v4/classic/deposit/initiate")!;
  const operator = named(traceId, "operator mtn-momo requesttopay")!;
  expect(operator.parentSpanId).toBe(requestSpan.spanId);
  expect(attribute(operator, "pcs.operator.outcome")).toBe("success");

  // MTN's customer approves; the runner reads the status once due (5 s), then delivers the webhook.
  await expect.poll(() => webhooks.length, { timeout: 40_000 }).toBe(1);
  const [webhook] = webhooks;
  expect(JSON.parse(webhook.body).status).toBe("completed");
  expect(webhook.headers["x-trace-id"]).toBe(traceId);
  const [, webhookTrace, deliverySpan] = String(webhook.headers.traceparent).split("-");
  expect(webhookTrace).toBe(traceId);
  await expect.poll(() => named(traceId, "webhook delivery")?.spanId, { timeout: 15_000 }).toBe(deliverySpan);
  expect(named(traceId, "webhook delivery")!.parentSpanId).toBe(requestSpan.spanId);

  // No trace is a lone database statement or an internal span: the runner's idle passes and
  // Next's loading of its routes at start export nothing (OTLP kinds: 1 internal).
  const roots = received.filter((s) => !s.parentSpanId);
  expect(roots.filter((s) => s.kind === 1 || attribute(s, "db.system.name") !== undefined).map((s) => s.name)).toEqual([]);
  // Nothing the service exported says the customer's phone or a key.
  const everything = JSON.stringify(received);
  expect(everything).not.toMatch(/0701234567|sk_(test|live)_|whsec_/);
});
