import http from "node:http";
import net from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiLane } from "@/lib/surfaces/api-routes/api-lane";
import { API_ROUTES } from "@/lib/surfaces/api-routes/route-table";
import { createRouter, type Router } from "@/lib/surfaces/api-routes/router";
import { MAX_BODY_BYTES } from "@/lib/surfaces/http/read-body-text";
import { jsonAnswer } from "@/lib/surfaces/http/json-answer";
import type { ApiHandler } from "@/lib/surfaces/http/route-handler";
import { db } from "@/lib/core/db/client";
import { attachFrontDoor } from "../../server/front-door.cjs";
import { listen, type RunningServer } from "../helpers/app-server";
import { newMerchant, validLink } from "../helpers/fixtures";
import { sendRaw as sendRawTo } from "../helpers/raw-http";

// The API lane (lib/surfaces/api-routes/api-lane.ts) over real HTTP, with the route table and the database:
// what it answers, with which headers, and what it leaves to Next. The server here stands in for
// Next's: a request the lane does not take gets 418 "left to Next". The production build runs
// the lane for every API spec of the e2e suite (e2e/api), and e2e/api/api-lane.spec.ts holds its
// answers to Next's for the same route.

// The lane as production runs it: behind our server's front door (server/front-door.cjs), which
// records the client's address, marks methods Next cannot route and answers what Node refuses.
const laneRouter = createRouter(API_ROUTES, (route) => route.lane === true);

let server: RunningServer;
let merchant: Awaited<ReturnType<typeof newMerchant>>;

async function startLane(router: Router = laneRouter): Promise<RunningServer> {
  const lane = createApiLane(router);
  return listen(
    attachFrontDoor(http.createServer(), (req, res) => {
      if (!lane.take(req, res)) res.writeHead(418, { "content-type": "text/plain" }).end("left to Next");
    }),
  );
}

beforeAll(async () => {
  merchant = await newMerchant();
  server = await startLane();
});
afterAll(() => server.close());

const send = (method: string, pathname: string, init: { key?: string; body?: string; headers?: Record<string, string> } = {}) =>
  fetch(`${server.origin}${pathname}`, {
    method,
    body: init.body,
    headers: {
      ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
  });

/** A request over node:http to the lane's server (tests/helpers/raw-http.ts). */
const sendRaw = (method: string, pathname: string, headers: Record<string, string> = {}, origin = server.origin) => sendRawTo(origin, method, pathname, headers);

type RequestLog = { msg: string; path: string; environment: string; status: number };

/** The route wrapper's request log lines from now on (LOG_LEVEL=info meanwhile); restore() when done. */
function captureRequestLogs() {
  const level = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = "info";
  const spy = vi.spyOn(console, "log").mockImplementation(() => {});
  const lines = () =>
    spy.mock.calls.map(([line]) => JSON.parse(String(line)) as RequestLog).filter((entry) => entry.msg === "request");
  return Object.assign(lines, {
    restore() {
      spy.mockRestore();
      process.env.LOG_LEVEL = level;
    },
  });
}

describe("the API lane", () => {
  it("creates and reads a link with the route's answer and the API trees' headers", async () => {
    const created = await send("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: JSON.stringify(validLink) });
    expect(created.status).toBe(200);
    const link = await created.json();
    expect(link.reference).toMatch(/^LINK_TEST_[0-9A-Z]{26}$/);
    // The origin the client used, from its Host header, as under Next.
    expect(link.paymentUrl).toBe(`${server.origin}/test/pay/${link.reference}`);
    expect(created.headers.get("x-request-id")).toMatch(/^req_/);
    expect(created.headers.get("ratelimit-limit")).toBeTruthy();
    for (const [name, value] of Object.entries({ "cache-control": "no-store", "x-content-type-options": "nosniff", "referrer-policy": "same-origin", "x-frame-options": "DENY" })) {
      expect(created.headers.get(name), name).toBe(value);
    }
    expect(created.headers.get("strict-transport-security")).toBeNull();

    const read = await send("GET", `/test/api/v4/payments/link/${link.reference}?expand=none`, { key: merchant.sandboxKey });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ reference: link.reference, status: "pending", amount: validLink.amount });
  });

  it("reads the environment from the path: a live key is refused on the sandbox path", async () => {
    const res = await send("GET", "/test/api/v4/payments/link/LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K", { key: merchant.liveKey });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe(40002);
  });

  it("answers the route's errors in the envelope: bad JSON, an oversized body, a method the route lacks", async () => {
    const badJson = await send("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: "{" });
    expect(badJson.status).toBe(400);
    expect((await badJson.json()).error.code).toBe(40016);

    const oversized = await send("POST", "/test/api/v4/payments/link", {
      key: merchant.sandboxKey,
      body: JSON.stringify({ ...validLink, description: "x".repeat(MAX_BODY_BYTES) }),
    });
    expect(oversized.status).toBe(413);
    expect((await oversized.json()).error.code).toBe(40023);

    const put = await send("PUT", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: "{}" });
    expect(put.status).toBe(400);
    expect(put.headers.get("allow")).toBe("POST");
    expect((await put.json()).error.code).toBe(40017);
  });

  it("takes a transfer batch's body past 64 KiB, up to its own 1 MiB limit", async () => {
    const line = (i: number, note = "") => ({
      reference: `lane-${i}`, amount: 1000, currency: "XOF", gatewayName: "MTN_MOMO_CI", beneficiaryPhone: `+22507${String(i).padStart(8, "0")}`, country: "CI",
      beneficiaryName: "Enseignant de l'école Sainte-Marie", ...(note ? { metadata: { note } } : {}),
    });
    const lines = Array.from({ length: 500 }, (_, i) => line(i));
    expect(JSON.stringify({ items: lines }).length).toBeGreaterThan(MAX_BODY_BYTES);
    // Read whole and checked: this merchant has no balance for it (nothing written).
    const read = await send("POST", "/test/api/v4/transfers/batch", { key: merchant.sandboxKey, body: JSON.stringify({ items: lines }) });
    expect([read.status, (await read.json()).error.code]).toEqual([422, 40013]);
    const huge = await send("POST", "/test/api/v4/transfers/batch", { key: merchant.sandboxKey, body: JSON.stringify({ items: lines.map((_, i) => line(i, "x".repeat(2500))) }) });
    expect([huge.status, (await huge.json()).error.code]).toEqual([413, 40023]);
    // The rest of that body was never read: the connection closes rather than hold the client's next request behind it.
    expect(huge.headers.get("connection")).toBe("close");
  });

  it("reads a body it is not told the size of to one byte past the limit (413), and outlives a client that leaves mid-body", async () => {
    // Chunked, no Content-Length: the lane stops reading past MAX_BODY_BYTES and the route answers 413.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${server.origin}/test/api/v4/payments/link`, {
        method: "POST",
        headers: { authorization: `Bearer ${merchant.sandboxKey}`, "content-type": "application/json", "transfer-encoding": "chunked" },
      });
      req.on("response", (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk)).on("end", () => resolve({ status: res.statusCode!, body }));
      });
      req.on("error", reject);
      // Twice the limit, in 8 KiB chunks; the answer may come before the last are written.
      for (let i = 0; i < (2 * MAX_BODY_BYTES) / 8192; i++) req.write("x".repeat(8192));
      req.end();
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).error.code).toBe(40023);

    // Half a body, then the client goes: nothing is created, and the lane still answers the next one.
    const links = () => db().paymentLink.count({ where: { merchantId: merchant.id } });
    const before = await links();
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(new URL(server.origin).port), "127.0.0.1", () => {
        socket.write(
          `POST /test/api/v4/payments/link HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${merchant.sandboxKey}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"amount":`,
        );
        setTimeout(() => (socket.destroy(), resolve()), 100);
      });
    });
    expect(await links()).toBe(before);
    const next = await send("POST", "/test/api/v4/payments/link", { key: merchant.sandboxKey, body: JSON.stringify(validLink) });
    expect(next.status).toBe(200);
  });

  it("compresses a large answer for a client that accepts it, as Next does, and sends small ones as they are", async () => {
    // node:http, which sends no Accept-Encoding of its own (fetch asks for gzip).
    const get = (pathname: string, headers: Record<string, string> = {}) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http.get(`${server.origin}${pathname}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on("error", reject);
      });

    const plain = await get("/test/api/v4/openapi.json");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.byteLength);
    const document = JSON.parse(plain.body.toString("utf8"));
    expect(document.openapi).toMatch(/^3\./);

    const gzipped = await get("/test/api/v4/openapi.json", { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.body.byteLength).toBeLessThan(plain.body.byteLength / 2);
    expect(JSON.parse(gunzipSync(gzipped.body).toString("utf8"))).toEqual(document);

    // A refusal without a key: a short envelope.
    const small = await get("/test/api/v4/merchant/balance", { "accept-encoding": "gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.byteLength).toBeLessThan(1024);
    expect(JSON.parse(small.body.toString("utf8")).error.code).toBe(40002);
  });

  it("sends HSTS on a production build's answer to an HTTPS request, as next.config.ts does", async () => {
    const before = process.env.NODE_ENV;
    (process.env as Record<string, string>).NODE_ENV = "production";
    try {
      const https = await send("GET", "/public/gateways/deposit/list", { headers: { "x-forwarded-proto": "https" } });
      expect(https.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
      const plain = await send("GET", "/public/gateways/deposit/list");
      expect(plain.headers.get("strict-transport-security")).toBeNull();
    } finally {
      (process.env as Record<string, string | undefined>).NODE_ENV = before;
    }
  });

  it.each([
    ["HEAD (Next derives it from GET)", "HEAD", "/test/api/v4/payments/link/LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"],
    ["OPTIONS", "OPTIONS", "/test/api/v4/payments/link"],
    ["an escaped path", "GET", "/test/api/v4/payments/link/LINK%5FTEST_01"],
    ["a trailing slash", "POST", "/test/api/v4/payments/link/"],
    ["an unknown API path", "GET", "/api/v4/nothing"],
    ["the checkout's API", "GET", "/test/api/checkout/LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"],
    ["a page", "GET", "/test/pay/LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"],
  ])("leaves %s to Next", async (_what, method, pathname) => {
    const res = await send(method, pathname);
    expect(res.status).toBe(418);
  });

  // The Host header is the client's to write: "x?" once turned the path into a query (a live key
  // then passed on a /test path), "x/test" put a /test in front of a live path, "a@b" made a URL
  // with credentials that no Request takes (the lane dropped the connection). Only the path the
  // lane matched may pick the environment, and it is the path the logs show.
  describe.each(["x?", "x/test", "x?/test", "x/test?", "x#", "a@b", "no such host", "[::1"])("under Host %j", (host) => {
    it("a key of the other environment is refused, and the path's own key served, as the path says", async () => {
      const logged = captureRequestLogs();
      try {
        const liveKeyOnSandbox = await sendRaw("GET", "/test/api/v4/merchant/balance", { host, authorization: `Bearer ${merchant.liveKey}` });
        expect(liveKeyOnSandbox.status).toBe(401);
        expect(JSON.parse(liveKeyOnSandbox.body).error.code).toBe(40002);
        const sandboxKeyOnLive = await sendRaw("GET", "/api/v4/merchant/balance?x=/test", { host, authorization: `Bearer ${merchant.sandboxKey}` });
        expect(sandboxKeyOnLive.status).toBe(401);
        expect(JSON.parse(sandboxKeyOnLive.body).error.code).toBe(40002);

        const sandbox = await sendRaw("GET", "/test/api/v4/merchant/balance", { host, authorization: `Bearer ${merchant.sandboxKey}` });
        expect(sandbox.status).toBe(200);
        const live = await sendRaw("GET", "/api/v4/merchant/balance", { host, authorization: `Bearer ${merchant.liveKey}` });
        expect(live.status).toBe(200);

        expect(logged().map(({ path, environment, status }) => ({ path, environment, status }))).toEqual([
          { path: "/test/api/v4/merchant/balance", environment: "sandbox", status: 401 },
          { path: "/api/v4/merchant/balance", environment: "live", status: 401 },
          { path: "/test/api/v4/merchant/balance", environment: "sandbox", status: 200 },
          { path: "/api/v4/merchant/balance", environment: "live", status: 200 },
        ]);
      } finally {
        logged.restore();
      }
    });
  });

  // No fetch Request can carry TRACE, and Next routes none of these methods: the front door hands
  // them on as a marked PATCH, which the lane answers as the route's own refusal.
  it.each(["TRACE", "PROPFIND", "QUERY", "M-SEARCH"])("refuses %s with 400/40017 and the route's Allow, in the envelope", async (method) => {
    for (const [pathname, allow] of [
      ["/test/api/v4/payments/link", "POST"],
      ["/api/v4/payments/link/LINK_01JD3Z8M6X5V4T3R2Q1P0N9M8K", "GET"],
      ["/test/public/gateways/deposit/list", "GET"],
    ]) {
      const res = await sendRaw(method, pathname, { authorization: `Bearer ${merchant.sandboxKey}` });
      expect(res.status, pathname).toBe(400);
      expect(res.headers.allow, pathname).toBe(allow);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(JSON.parse(res.body).error).toEqual({ code: 40017, message: "Unsupported HTTP method", details: `${method} is not supported here; allowed: ${allow}` });
    }
  });

  it("ignores a client's own claim of an unrouted method", async () => {
    const res = await sendRaw("GET", "/test/public/gateways/deposit/list", { "x-pcs-unrouted-method": "TRACE" });
    expect(res.status).toBe(200);
  });

  it.each([
    ["CONNECT, which Node hands to no request handler", "CONNECT /test/api/v4/payments/link HTTP/1.1", /CONNECT is not supported/],
    ["a method Node does not know", "BREW /test/api/v4/payments/link HTTP/1.1", /not one HTTP servers know/],
  ])("answers %s in the envelope, not by dropping the connection", async (_what, requestLine, details) => {
    const { port } = new URL(server.origin);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(`${requestLine}\r\nHost: x\r\n\r\n`));
      let received = "";
      socket.on("data", (chunk) => (received += chunk));
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain("Content-Type: application/json");
    const { error } = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));
    expect(error).toMatchObject({ code: 40017, message: "Unsupported HTTP method", details: expect.stringMatching(details) });
  });

  it.each([
    ["a route not marked for the lane (the checkout's)", "/test/api/checkout/LINK_TEST_01"],
    ["an unknown API path (the catch-all's 404)", "/api/v4/nothing/here"],
    ["a trailing slash (Next's redirect)", "/test/api/v4/payments/link/"],
    ["a double slash", "/test/api/v4//payments/link"],
    ["a %-escape (Next decodes it)", "/api/v4/payments/link/LINK%5F01"],
    ["a dot segment", "/api/v4/payments/link/.."],
    ["a parameter with a dot", "/api/v4/deposits/DEP.01"],
    ["an old version", "/api/v1/payments/link"],
    ["a misspelled tree", "/TEST/api/v4/payments/link"],
    ["a page", "/test/pay/LINK_TEST_01"],
  ])("leaves %s to Next", async (_what, pathname) => {
    const res = await sendRaw("GET", pathname);
    expect(res.status).toBe(418);
  });

  it("reads no more of a body than the route's ApiHandler takes (maxBodyBytes), one byte past it, and hands the bytes on", async () => {
    // The answer tells how many bytes the lane gave the Request, and beside it: a chunked body of 1000, a limit of 100.
    const counting: ApiHandler = {
      maxBodyBytes: 100,
      answer: async (request, { bodyBytes }) => jsonAnswer(200, { bytes: (await request.arrayBuffer()).byteLength, given: bodyBytes?.byteLength }, "req_test"),
    };
    const limited = await startLane(createRouter([{ path: "/api/v4/limited", methods: ["POST"], handlers: { POST: counting } }]));
    try {
      const res = await fetch(`${limited.origin}/api/v4/limited`, {
        method: "POST",
        body: new ReadableStream({
          start(controller) {
            for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode("x".repeat(100)));
            controller.close();
          },
        }),
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ bytes: 101, given: 101 });
    } finally {
      await limited.close();
    }
  });

  it("answers a handler that throws past the route wrapper with a 500 in the envelope, and goes on serving", async () => {
    const broken = await startLane(createRouter([{ path: "/api/v4/broken", methods: ["GET"], handlers: { GET: async () => Promise.reject(new Error("boom")) } }]));
    try {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${broken.origin}/api/v4/broken`);
        expect(res.status).toBe(500);
        const body = await res.json();
        expect(body.error.code).toBe(50000);
        expect(body.error.details).toMatch(/req_/);
        expect(res.headers.get("cache-control")).toBe("no-store");
      }
    } finally {
      await broken.close();
    }
  });
});
