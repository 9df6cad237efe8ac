import { expect, test } from "@playwright/test";
import { auth, e2eMerchant } from "../helpers";

// Over real HTTP against the production build: what proxy.ts and the route tree do.
const merchant = e2eMerchant();
const link = { amount: 2500, currency: "XOF", description: "E2E order" };

test("the /test prefix selects the sandbox for the API", async ({ request }) => {
  const res = await request.post("/test/api/v4/payments/link", { headers: auth(merchant.sandboxKey), data: link });
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.reference).toMatch(/^LINK_TEST_/);
  expect(new URL(body.paymentUrl).pathname).toBe(`/test/pay/${body.reference}`);

  const read = await request.get(`/test/api/v4/payments/link/${body.reference}`, { headers: auth(merchant.sandboxKey) });
  expect((await read.json()).status).toBe("pending");
  const live = await request.get(`/api/v4/payments/link/${body.reference}`, { headers: auth(merchant.liveKey) });
  expect(live.status()).toBe(404);
});

test("production paths are live and refuse sandbox keys", async ({ request }) => {
  const res = await request.post("/api/v4/payments/link", { headers: auth(merchant.liveKey), data: link });
  expect((await res.json()).reference).toMatch(/^LINK_[0-9A-Z]{26}$/);
  const wrong = await request.post("/api/v4/payments/link", { headers: auth(merchant.sandboxKey), data: link });
  expect(wrong.status()).toBe(401);
  expect((await wrong.json()).error.code).toBe(40002);
});

test("a client cannot pick the environment with the internal header", async ({ request }) => {
  const res = await request.post("/api/v4/payments/link", {
    headers: { ...auth(merchant.sandboxKey), "x-pcs-environment": "sandbox" },
    data: link,
  });
  expect(res.status()).toBe(401);
  // Nor on the checkout API or the pages behind the proxy.
  const created = await (await request.post("/test/api/v4/payments/link", { headers: auth(merchant.sandboxKey), data: link })).json();
  expect((await request.get(`/api/checkout/${created.reference}`, { headers: { "x-pcs-environment": "sandbox" } })).status()).toBe(404);
  expect((await request.get(`/pay/${created.reference}`, { headers: { "x-pcs-environment": "sandbox" } })).status()).toBe(404);
  expect((await request.get(`/test/api/checkout/${created.reference}`)).status()).toBe(200);
});

test("unknown API paths answer JSON 404, never an HTML page", async ({ request }) => {
  // The benchmark's floors (app/api/bench) answer only when the benchmark enables them.
  for (const path of ["/api/v4/nothing", "/test/api/v4/nothing", "/public/nothing", "/test/public/gateways/nope", "/api/bench/echo/x"]) {
    const res = await request.get(path);
    expect(res.status()).toBe(404);
    expect(res.headers()["content-type"]).toContain("application/json");
    expect((await res.json()).error.code).toBe(40004);
  }
});

test("without Inngest configured, /api/inngest is the API's 404, not the SDK's 500", async ({ request }) => {
  for (const res of [await request.post("/api/inngest", { data: {} }), await request.put("/api/inngest"), await request.get("/api/inngest")]) {
    expect(res.status()).toBe(404);
    expect((await res.json()).error.code).toBe(40004);
  }
});

test("a path that is not valid percent-encoded UTF-8 answers 400, never Next's bare 500", async ({ request }) => {
  for (const path of ["/test/api/v4/payments/link/%ED%A0%80", "/api/%E0%A4%A", "/test/api/checkout/%C3/attempts"]) {
    const res = await request.get(path);
    expect(res.status()).toBe(400);
    expect((await res.json()).error.code).toBe(40023);
  }
  expect((await request.get("/test/pay/LINK_%ED%A0%80")).status()).toBe(400);
});

test("unsupported methods answer 400/40017 with Allow; v1 answers 410", async ({ request }) => {
  const put = await request.put("/test/api/v4/payments/link", { data: link });
  expect(put.status()).toBe(400);
  expect(put.headers()["allow"]).toBe("POST");
  expect((await put.json()).error.code).toBe(40017);
  const v1 = await request.post("/api/v1/payments/link", { data: link });
  expect(v1.status()).toBe(410);
  expect((await v1.json()).error.details).toContain("/api/v4");
});

test("every API answer carries a request id", async ({ request }) => {
  const res = await request.get("/test/public/gateways/deposit/list", { headers: { "x-request-id": "trace-123" } });
  expect(res.headers()["x-request-id"]).toBe("trace-123");
  const list = await res.json();
  expect(Array.isArray(list)).toBe(true);
  expect(list[0]).toHaveProperty("provider");
});

test("the OpenAPI document is served", async ({ request }) => {
  const res = await request.get("/api/v4/openapi.json");
  expect((await res.json()).openapi).toBe("3.1.0");
});
