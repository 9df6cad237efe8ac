import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { appMetrics } from "@/lib/core/metrics/registry";
import { createOperatorBreaker } from "@/lib/integrations/gateways/operators/circuit-breaker";
import { OperatorRejectedError, OperatorUnknownOutcomeError } from "@/lib/integrations/gateways/operators/operator-errors";
import { sendAttempt, type ClaimedDelivery } from "@/lib/features/webhooks/attempt-delivery";
import { call } from "../helpers/api-client";
import { startReceiver } from "../helpers/webhook-receiver";
import { newMerchant, validLink } from "../helpers/fixtures";

// GET /api/metrics (issue 48): off without METRICS_TOKEN, refused without the token, and the
// counts of what this process did, exactly. (In one process the scrape is the process's own
// registry; `npm start`'s cluster sums its workers through the launcher: cluster-scrape.ts.)

const TOKEN = "metrics-test-token";
const scrape = () => call("GET", "/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });

/** The value of the sample `name` whose labels are exactly `labels`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.keys(found).length === Object.keys(labels).length && Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

let merchant: Awaited<ReturnType<typeof newMerchant>>;
beforeAll(async () => {
  merchant = await newMerchant();
});
afterEach(() => {
  delete process.env.METRICS_TOKEN;
});

describe("GET /api/metrics", () => {
  it("is off without METRICS_TOKEN: the catch-all's 404 in the error envelope", async () => {
    const res = await call("GET", "/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 40004, message: "Resource not found", details: "No route for GET /api/metrics" } });
  });

  it("refuses a request without the token, or with another, in the error envelope", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    for (const headers of [{} as Record<string, string>, { authorization: "Bearer not-the-token" }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }]) {
      const res = await call("GET", "/api/metrics", { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe("Bearer");
      expect(res.body.error).toMatchObject({ code: 40002, message: "Unauthorized request; check the Bearer token" });
      expect(JSON.stringify(res.body)).not.toContain(TOKEN.slice(0, 8));
    }
  });

  it("counts the API's requests by operation, status class and environment, not the probes'", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    appMetrics().registry.resetMetrics();
    for (let i = 0; i < 3; i++) expect((await call("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: validLink })).status).toBe(200);
    expect((await call("POST", "/test/api/v4/payments/link", { body: validLink })).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await call("GET", "/test/api/v4/payments/link/LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K", { key: merchant.sandboxKey })).status).toBe(404);
    expect((await call("GET", "/api/v4/payments/link/LINK_01JD3Z8M6X5V4T3R2Q1P0N9M8K", { key: merchant.liveKey })).status).toBe(404);
    await call("GET", "/api/health");
    await call("GET", "/api/health/ready");

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = res.body as string;
    const create = { operation: "POST /api/v4/payments/link", environment: "sandbox" };
    const read = { operation: "GET /api/v4/payments/link/[reference]" };
    expect(sample(text, "pcs_api_requests_total", { ...create, status_class: "2xx" })).toBe(3);
    expect(sample(text, "pcs_api_requests_total", { ...create, status_class: "4xx" })).toBe(1);
    expect(sample(text, "pcs_api_requests_total", { ...read, environment: "sandbox", status_class: "4xx" })).toBe(2);
    expect(sample(text, "pcs_api_requests_total", { ...read, environment: "live", status_class: "4xx" })).toBe(1);
    expect(sample(text, "pcs_api_request_duration_seconds_count", { ...create, status_class: "2xx" })).toBe(3);
    expect(sample(text, "pcs_api_request_duration_seconds_bucket", { ...create, status_class: "2xx", le: "+Inf" })).toBe(3);
    expect(sample(text, "pcs_api_request_duration_seconds_sum", { ...create, status_class: "2xx" })).toBeGreaterThan(0);
    // Six requests counted, and nothing else: the probes and the scrape itself are not.
    const counted = text.split("\n").filter((line) => line.startsWith("pcs_api_requests_total{"));
    expect(counted).toHaveLength(4);
    expect(text).not.toMatch(/operation="[^"]*(health|metrics)/);
    // No merchant, key or reference in any label.
    expect(text).not.toContain(merchant.id);
    expect(text).not.toContain("LINK_");
  });

  it("counts operator calls by outcome, with their latency, and the open circuits", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    appMetrics().registry.resetMetrics();
    const breaker = createOperatorBreaker("wave", { volumeThreshold: 3, failureThresholdPercentage: 50, resetTimeoutMs: 60_000 });
    try {
      const operation = "create checkout session";
      await breaker.run(operation, async () => "ok");
      await expect(breaker.run(operation, () => Promise.reject(new OperatorRejectedError("wave", operation, 400, "invalid-phone")))).rejects.toThrow();
      const timeout = () => Promise.reject(new OperatorUnknownOutcomeError("wave", operation, "timeout", "no answer in 10 s"));
      await expect(breaker.run(operation, timeout)).rejects.toThrow();
      await expect(breaker.run(operation, timeout)).rejects.toThrow();
      await expect(breaker.run(operation, () => Promise.reject(new OperatorUnknownOutcomeError("wave", operation, "server_error", "HTTP 500")))).rejects.toThrow();
      expect(breaker.isOpen).toBe(true);
      await expect(breaker.run(operation, async () => "never called")).rejects.toThrow(/circuit open/);

      let text = (await scrape()).body as string;
      const labels = (outcome: string) => ({ operator: "wave", operation, outcome });
      expect(sample(text, "pcs_operator_calls_total", labels("success"))).toBe(1);
      expect(sample(text, "pcs_operator_calls_total", labels("refused"))).toBe(1);
      expect(sample(text, "pcs_operator_calls_total", labels("timeout"))).toBe(2);
      expect(sample(text, "pcs_operator_calls_total", labels("unknown"))).toBe(1);
      expect(sample(text, "pcs_operator_calls_total", labels("circuit_open"))).toBe(1);
      expect(sample(text, "pcs_operator_call_duration_seconds_count", labels("timeout"))).toBe(2);
      expect(sample(text, "pcs_operator_circuits_open", { operator: "wave" })).toBe(1);

      breaker.shutdown();
      text = (await scrape()).body as string;
      expect(sample(text, "pcs_operator_circuits_open", { operator: "wave" })).toBe(0);
    } finally {
      breaker.shutdown();
    }
  });

  it("counts webhook attempts by outcome: delivered, retrying, dead", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    appMetrics().registry.resetMetrics();
    // The receiver accepts its first request and answers 500 to the others.
    const receiver = await startReceiver((n, res) => res.writeHead(n === 1 ? 200 : 500).end());
    try {
      const settings = { retryScheduleMs: [1000], timeoutMs: 5000, allowedPrivateHosts: [receiver.host] };
      const delivery = (roundFailures: number): ClaimedDelivery => ({
        id: `whd_${roundFailures}`,
        eventId: "evt_metrics",
        url: receiver.url(),
        attemptCount: roundFailures,
        roundFailures,
        payload: "{}",
        traceparent: null,
        secrets: { webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", previousWebhookSecret: null, previousSecretExpiresAt: null },
      });
      // Delivered; failed with a retry left; failed with none left (a schedule of one retry).
      const outcomes = [];
      for (const roundFailures of [0, 0, 1]) outcomes.push((await sendAttempt(delivery(roundFailures), "claim", new Date(), settings)).status);
      expect(outcomes).toEqual(["delivered", "pending", "dead"]);
      const text = (await scrape()).body as string;
      for (const outcome of ["delivered", "retrying", "dead"]) expect(sample(text, "pcs_webhook_attempts_total", { outcome }), outcome).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it("has the pool gauges and Node's own metrics, the event loop's delay among them", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const text = (await scrape()).body as string;
    expect(sample(text, "pcs_db_pool_connections_in_use")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "pcs_db_pool_waiting")).toBe(0);
    expect(sample(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });
});
