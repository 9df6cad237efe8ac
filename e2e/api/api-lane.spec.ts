import http from "node:http";
import { expect, test, type APIResponse } from "@playwright/test";
import { createLink } from "../checkout-helpers";
import { auth, e2eMerchant } from "../helpers";

// The production build answers the merchant API through the API lane (lib/surfaces/api-routes/api-lane.ts), and
// every other spec of this project talks to it that way. Here, one route answered both ways in
// the same server: by the lane, and by Next, which still gets the paths the lane leaves to it (a
// %-escape: Next decodes it to the same parameter and calls the same handler). Next's answers
// carry its router's Vary header, the lane's do not: that is how each side is recognized.
const merchant = e2eMerchant();

const servedByNext = (res: APIResponse) => (res.headers()["vary"] ?? "").includes("rsc");

const SECURITY_HEADERS = ["cache-control", "x-content-type-options", "referrer-policy", "x-frame-options", "content-type"];

test("the lane and Next answer the same route alike", async ({ request, baseURL }) => {
  const { reference } = await createLink(request, baseURL!);
  const byLane = await request.get(`/test/api/v4/payments/link/${reference}`, { headers: auth(merchant.sandboxKey) });
  const byNext = await request.get(`/test/api/v4/payments/link/${reference.replace("_", "%5F")}`, { headers: auth(merchant.sandboxKey) });
  expect(servedByNext(byLane)).toBe(false);
  expect(servedByNext(byNext)).toBe(true);

  expect(byLane.status()).toBe(200);
  expect(byNext.status()).toBe(byLane.status());
  expect(await byNext.json()).toEqual(await byLane.json());
  for (const name of SECURITY_HEADERS) expect(byLane.headers()[name], name).toBe(byNext.headers()[name]);

  // A refusal too: another merchant's reference is not found either way.
  const missing = "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K";
  const laneMissing = await request.get(`/test/api/v4/payments/link/${missing}`, { headers: auth(merchant.sandboxKey) });
  const nextMissing = await request.get(`/test/api/v4/payments/link/${missing.replace("_", "%5F")}`, { headers: auth(merchant.sandboxKey) });
  expect(servedByNext(laneMissing)).toBe(false);
  expect(servedByNext(nextMissing)).toBe(true);
  expect(laneMissing.status()).toBe(404);
  expect(nextMissing.status()).toBe(404);
  expect((await nextMissing.json()).error).toEqual((await laneMissing.json()).error);
});

test("Next still answers what the lane leaves: HEAD, a trailing slash, an unknown API path", async ({ request }) => {
  const head = await request.head("/public/gateways/deposit/list");
  expect(head.status()).toBe(200);
  expect(servedByNext(head)).toBe(true);

  const unknown = await request.get("/test/api/v4/no/such/route", { headers: auth(merchant.sandboxKey) });
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).error.code).toBe(40004);

  const slash = await request.get("/public/gateways/deposit/list/", { maxRedirects: 0 });
  expect(slash.status()).toBe(308);
  expect(slash.headers()["location"]).toBe("/public/gateways/deposit/list");
});

/** A GET over node:http, which sends the Host header exactly as given (Playwright's client sets its own). */
function getWithHost(path: string, host: string, key: string): Promise<{ status: number; vary: string; body: string }> {
  const port = Number(process.env.E2E_PORT ?? 3210);
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, headers: { host, authorization: `Bearer ${key}` }, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, vary: String(res.headers.vary ?? ""), body }));
    });
    request.on("error", reject);
  });
}

// "Host: x?" once made the lane's Request URL "http://x/?/test/...", a live path with the real one
// in its query (a live key passed on a /test path); "x/test" put /test in front of a live path;
// "a@b" made a URL no Request takes, and the lane dropped the connection. Next builds the URL
// from its own address. Both must read the environment from the path alone.
test("the Host header never picks the environment, on the lane or on Next", async ({ request, baseURL }) => {
  const { reference } = await createLink(request, baseURL!);
  for (const host of ["x?", "x/test", "x?/test", "a@b"]) {
    for (const [side, ref] of [["lane", reference], ["Next", reference.replace("_", "%5F")]]) {
      const what = `${side} under Host ${host}`;
      const liveKeyOnSandbox = await getWithHost(`/test/api/v4/payments/link/${ref}`, host, merchant.liveKey);
      expect(liveKeyOnSandbox.vary.includes("rsc"), what).toBe(side === "Next");
      expect(liveKeyOnSandbox.status, what).toBe(401);
      expect(JSON.parse(liveKeyOnSandbox.body).error.code, what).toBe(40002);
      const sandboxKeyOnLive = await getWithHost(`/api/v4/payments/link/${ref}`, host, merchant.sandboxKey);
      expect(sandboxKeyOnLive.status, what).toBe(401);
      expect(JSON.parse(sandboxKeyOnLive.body).error.code, what).toBe(40002);
      const own = await getWithHost(`/test/api/v4/payments/link/${ref}`, host, merchant.sandboxKey);
      expect(own.status, what).toBe(200);
      expect(JSON.parse(own.body).reference, what).toBe(reference);
    }
  }
});
