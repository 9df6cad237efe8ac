import http from "node:http";
import { expect, test } from "@playwright/test";

// Over real sockets against the production build served as `npm start` serves it (our server,
// server/app-server.cjs, and its front door, server/front-door.cjs).
// node:http rather than Playwright's client: it can choose the local address (127.0.0.x, all
// loopback on Linux), sends the path byte for byte, and takes any header size.
const port = Number(process.env.E2E_PORT ?? 3210);

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
function get(path: string, options: { headers?: Record<string, string>; localAddress?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, headers: options.headers, localAddress: options.localAddress, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    request.on("error", reject);
  });
}

// The public gateway list needs no key: the wrapper limits it per client address.
const LIST = "/test/public/gateways/deposit/list";
const remaining = (answer: Answer) => Number(answer.headers["ratelimit-remaining"]);

test("a forged X-Forwarded-For does not escape the per-address limit: one socket address, one bucket", async () => {
  const answers: Answer[] = [];
  for (const forged of ["1.2.3.4", "5.6.7.8, 9.9.9.9", "203.0.113.77"]) {
    answers.push(await get(LIST, { headers: { "x-forwarded-for": forged }, localAddress: "127.0.0.3" }));
  }
  for (const answer of answers) expect(answer.status).toBe(200);
  // Each request spent a point of the same bucket, whatever address it claimed.
  expect(answers.map(remaining)).toEqual([remaining(answers[0]), remaining(answers[0]) - 1, remaining(answers[0]) - 2]);
});

test("two clients do not share a bucket: another socket address starts with a full one", async () => {
  const first = await get(LIST, { localAddress: "127.0.0.4" });
  for (let i = 0; i < 3; i++) await get(LIST, { localAddress: "127.0.0.4" });
  const busy = await get(LIST, { localAddress: "127.0.0.4" });
  const other = await get(LIST, { localAddress: "127.0.0.5" });
  expect(remaining(busy)).toBe(remaining(first) - 4);
  expect(remaining(other)).toBe(Number(other.headers["ratelimit-limit"]) - 1);
});

test("API paths in another case or with an escaped slash answer the API's 404 envelope, not the HTML page", async () => {
  for (const path of ["/TEST/api/v4/payments/link", "/test%2Fapi/v4/payments/link", "/API/v4/payments/link/LINK_X", "/test/PUBLIC/gateways/deposit/list"]) {
    const res = await get(path);
    expect(res.status, path).toBe(404);
    expect(res.headers["content-type"], path).toContain("application/json");
    expect(JSON.parse(res.body).error, path).toMatchObject({ code: 40004, message: "Resource not found" });
    expect(res.headers["cache-control"], path).toBe("no-store");
  }
});

test("request headers over Node's limit answer 431 with the error envelope, not Node's bare 431", async () => {
  for (const path of ["/test/api/v4/payments/link", "/api/checkout/LINK_X"]) {
    const res = await get(path, { headers: { "x-padding": "a".repeat(100_000) } });
    expect(res.status).toBe(431);
    expect(res.headers["content-type"]).toContain("application/json");
    const { error } = JSON.parse(res.body);
    expect(error).toMatchObject({ code: 40023, message: "Invalid request parameters" });
    expect(error.details).toContain("16384 bytes");
  }
});
