import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace-node";
import { db } from "@/lib/core/db/client";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { call } from "../helpers/api-client";
import { validDeposit, validLink } from "../helpers/fixtures";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { allow, startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { mtnMomoFakeEnv } from "../fakes/start-operator-fakes";
import { startMtnMomoFake, type MtnMomoFake } from "../fakes/mtn-momo-fake";

// Issue 48, traces (docs/operations.md, "Traces"): with tracing on in this process (the SDK as
// instrumentation-node.ts starts it, with an in-memory exporter for OTLP), an API request is a
// span whose parent is the merchant's traceparent, a malformed one is ignored, the trace id comes
// back in X-Trace-Id and in the log lines, database statements and operator calls are spans of
// the request, and a deposit's webhook carries the trace of the request that created it. No span
// says a phone number, a key or a URL. With tracing off, no header. The OTLP export itself, from
// the production build's workers, is e2e/api/traces.spec.ts's.

const exporter = new InMemorySpanExporter();
let stopTracing: () => Promise<void>;
let mtn: MtnMomoFake;
let receiver: Receiver;
const saved = { ...process.env };

beforeAll(async () => {
  const tracing = await import("@/lib/integrations/opentelemetry/start-tracing");
  stopTracing = tracing.stopTracing;
  await tracing.startTracing({ exporter, env: {} });
  mtn = await startMtnMomoFake();
  Object.assign(process.env, mtnMomoFakeEnv(mtn), { MTN_MOMO_COUNTRIES: "CI" });
  receiver = allow(await startReceiver());
});
afterAll(async () => {
  await stopTracing();
  process.env = saved;
  await mtn.close();
  await receiver.close();
});

const merchant = merchantCheckedAfterEach();
const READ_LINK = "GET /api/v4/payments/link/[reference]";
/** A new sandbox link of the test's merchant: its reference. */
const aLink = async () => (await call("POST", "/test/api/v4/payments/link", { key: merchant().sandboxKey, body: validLink })).body.reference as string;

/** The live customer: a number the span check below looks for in every span. */
const PHONE = "+2250701234567";
const hex = (length: number) => Array.from({ length }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("");
const spans = () => exporter.getFinishedSpans();
const inTrace = (traceId: string) => spans().filter((span) => span.spanContext().traceId === traceId);
const parentId = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const requestSpan = (traceId: string, name: string) => {
  const found = inTrace(traceId).filter((span) => span.name === name);
  expect(found, `${name} in ${traceId}`).toHaveLength(1);
  return found[0];
};

describe("with tracing on", () => {
  it("a create link continues the merchant's trace, with its database spans, and answers its trace id", async () => {
    const traceId = hex(32);
    const merchantSpan = hex(16);
    const res = await call("POST", "/test/api/v4/payments/link", { key: merchant().sandboxKey, body: validLink, headers: { traceparent: `00-${traceId}-${merchantSpan}-01` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-trace-id")).toBe(traceId);

    const span = requestSpan(traceId, "POST /api/v4/payments/link");
    expect(parentId(span)).toBe(merchantSpan);
    expect(span.kind).toBe(1 /* SERVER */);
    expect(span.attributes).toMatchObject({ "pcs.operation": "POST /api/v4/payments/link", "pcs.environment": "sandbox", "http.response.status_code": 200 });
    // The insert (direct SQL) and the key's check are spans under it.
    const database = inTrace(traceId).filter((s) => s.attributes["db.system.name"] !== undefined || s.name.startsWith("prisma:"));
    expect(database.length).toBeGreaterThan(0);
    expect(database.some((s) => s.name === "db INSERT" || s.name === "db WITH")).toBe(true);
  });

  it.each([
    ["not W3C", "hello"],
    ["an all-zero trace id", `00-${"0".repeat(32)}-${hex(16)}-01`],
    ["upper case", `00-${hex(32).toUpperCase()}-${hex(16)}-01`],
    ["version ff", `ff-${hex(32)}-${hex(16)}-01`],
    ["too long", `00-${hex(32)}-${hex(16)}-01-extra`],
  ])("a malformed traceparent (%s) is ignored: the request starts its own trace", async (_case, traceparent) => {
    const res = await call("GET", `/test/api/v4/payments/link/${await aLink()}`, { key: merchant().sandboxKey, headers: { traceparent } });
    expect(res.status).toBe(200);
    const traceId = res.headers.get("x-trace-id");
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(traceparent).not.toContain(traceId);
    expect(parentId(requestSpan(traceId!, READ_LINK))).toBeUndefined();
  });

  it("a live MTN deposit has its operator span, and its webhook carries the request's trace", async () => {
    const traceId = hex(32);
    mtn.script(PHONE.slice(1), { customer: "approve", callback: "none" });
    const res = await call("POST", "/api/v4/classic/deposit/initiate", {
      key: merchant().liveKey,
      body: { ...validDeposit, customerPhone: PHONE, callbackUrl: receiver.url("/traced") },
      headers: { traceparent: `00-${traceId}-${hex(16)}-01` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-trace-id")).toBe(traceId);
    const request = requestSpan(traceId, "POST /api/v4/classic/deposit/initiate");
    const operator = inTrace(traceId).find((span) => span.name === "operator mtn-momo requesttopay");
    expect(operator?.attributes).toMatchObject({ "pcs.operator": "mtn-momo", "pcs.operator.operation": "requesttopay", "pcs.operator.outcome": "success" });
    expect(parentId(operator!)).toBe(request.spanContext().spanId);

    // MTN's customer approves; the sweep reads the status once it is due, then delivers.
    const deposit = await db().deposit.findUniqueOrThrow({ where: { reference: res.body.reference } });
    expect(deposit.traceparent).toBe(`00-${traceId}-${request.spanContext().spanId}-01`);
    await expect
      .poll(async () => {
        await runDueWork(db(), new Date(Date.now() + 10_000));
        return receiver.received.filter((r) => r.path === "/traced").length;
      })
      .toBe(1);
    const webhook = receiver.received.find((r) => r.path === "/traced")!;
    expect(JSON.parse(webhook.body).status).toBe("completed");
    expect(webhook.headers["x-trace-id"]).toBe(traceId);
    expect(webhook.headers.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    // The delivery's span is the one the traceparent names, a child of the request's.
    const deliverySpanId = String(webhook.headers.traceparent).split("-")[2];
    await expect.poll(() => inTrace(traceId).find((span) => span.spanContext().spanId === deliverySpanId)?.name).toBe("webhook delivery");
    const delivery = inTrace(traceId).find((span) => span.spanContext().spanId === deliverySpanId)!;
    expect(parentId(delivery)).toBe(request.spanContext().spanId);
    expect(delivery.attributes).toMatchObject({ "pcs.webhook.outcome": "delivered", "http.response.status_code": 200 });
  });

  it("writes the trace id and span id on the request's log lines", async () => {
    vi.stubEnv("LOG_LEVEL", "info");
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    try {
      const reference = await aLink();
      lines.length = 0;
      const res = await call("GET", `/test/api/v4/payments/link/${reference}`, { key: merchant().sandboxKey });
      const traceId = res.headers.get("x-trace-id");
      const logged = lines.map((line) => JSON.parse(line)).find((line) => line.msg === "request");
      expect(logged).toMatchObject({ trace_id: traceId, span_id: requestSpan(traceId!, READ_LINK).spanContext().spanId });
    } finally {
      spy.mockRestore();
      vi.unstubAllEnvs();
    }
  });

  it("no span holds a phone number, a key, a secret or a URL", () => {
    expect(spans().length).toBeGreaterThan(10);
    const keys = [merchant().sandboxKey, merchant().liveKey];
    for (const span of spans()) {
      const text = JSON.stringify({ name: span.name, attributes: span.attributes, events: span.events, status: span.status });
      for (const key of keys) expect(text).not.toContain(key);
      expect(text, span.name).not.toMatch(/sk_(test|live)_|whsec_|Bearer|https?:\/\/|0701234567|0700000444|\+225/);
    }
  });
});

describe("with tracing off", () => {
  it("answers no trace id and exports nothing", async () => {
    await stopTracing();
    const before = spans().length;
    const res = await call("POST", "/test/api/v4/payments/link", { key: merchant().sandboxKey, body: validLink, headers: { traceparent: `00-${hex(32)}-${hex(16)}-01` } });
    expect(res.status).toBe(200);
    expect(res.headers.has("x-trace-id")).toBe(false);
    expect(spans().length).toBe(before);
  });
});
