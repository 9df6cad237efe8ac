import { expect, test, type APIResponse } from "@playwright/test";
import { createLink } from "../checkout-helpers";
import { auth, e2eMerchant } from "../helpers";

// The security headers of each kind of answer, over real HTTP against the production build
// (proxy.ts sets them on pages, next.config.ts on the API trees, which the proxy does not see;
// the route wrapper sets Cache-Control on API answers as well).
const merchant = e2eMerchant();

function expectCommon(res: APIResponse) {
  const headers = res.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  // Served over plain HTTP here: HSTS only goes out on HTTPS answers (see docs/operations.md).
  expect(headers["strict-transport-security"]).toBeUndefined();
}

function expectNoncePolicy(res: APIResponse) {
  const csp = res.headers()["content-security-policy"];
  expect(csp).toBeDefined();
  const script = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src"))!;
  expect(script).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(script).not.toContain("unsafe-inline");
  expect(script).not.toContain("unsafe-eval");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  return /'nonce-([^']+)'/.exec(script)![1];
}

async function expectNoncedPage(res: APIResponse) {
  expect(res.status()).toBe(200);
  expectCommon(res);
  const nonce = expectNoncePolicy(res);
  const html = await res.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  return nonce;
}

test("checkout page: nonce CSP, a new nonce per request, every script nonced", async ({ request, baseURL }) => {
  const link = await createLink(request, baseURL!);
  const path = new URL(link.paymentUrl).pathname;
  const first = await expectNoncedPage(await request.get(path));
  const second = await expectNoncedPage(await request.get(path));
  expect(second).not.toBe(first);
  expect((await request.get(path)).headers()["cache-control"]).not.toContain("public");
});

test("admin pages: nonce CSP on the sign-in page", async ({ request }) => {
  await expectNoncedPage(await request.get("/admin/login"));
  // The console redirects to sign-in; the redirect itself carries the headers too.
  const redirect = await request.get("/admin", { maxRedirects: 0 });
  expectCommon(redirect);
});

test("API answers: no-store and the common headers, on success, errors and catch-alls", async ({ request }) => {
  const answers = [
    await request.get("/public/gateways/deposit/list"),
    await request.get("/test/api/v4/payments/link/LINK_NOPE", { headers: auth(merchant.sandboxKey) }),
    await request.post("/test/api/v4/payments/link", { headers: auth(merchant.sandboxKey), data: "{" }),
    await request.get("/test/api/v4/payments/link"),
    await request.get("/api/nothing/here"),
    await request.get("/api/v1/anything"),
    await request.get("/public/nothing"),
    await request.get("/admin/api/overview"),
    await request.get("/api/v4/openapi.json"),
  ];
  for (const res of answers) {
    expect(res.headers()["cache-control"], res.url()).toBe("no-store");
    expect(res.headers()["content-type"], res.url()).toContain("json");
    expect(res.headers()["content-security-policy"], res.url()).toBeUndefined();
    expectCommon(res);
  }
  expect(answers[0].headers()["ratelimit-limit"]).toBeDefined();
  expect(answers[0].headers()["ratelimit-remaining"]).toBeDefined();
});

test("HSTS on answers to HTTPS requests (as a TLS-terminating proxy reports them)", async ({ request }) => {
  for (const path of ["/public/gateways/deposit/list", "/test/api/v4/payments/link/LINK_NOPE", "/admin/login"]) {
    for (const proto of ["https", "https, http"]) {
      const res = await request.get(path, { headers: { "x-forwarded-proto": proto } });
      expect(res.headers()["strict-transport-security"], `${path} over ${proto}`).toBe("max-age=63072000; includeSubDomains");
    }
    const plain = await request.get(path, { headers: { "x-forwarded-proto": "http" } });
    expect(plain.headers()["strict-transport-security"], path).toBeUndefined();
  }
});
