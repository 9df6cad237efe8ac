import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiLane } from "@/lib/surfaces/api-routes/api-lane";
import { dispatch } from "../helpers/api-client";
import { listen, type RunningServer } from "../helpers/app-server";
import { newMerchant, validLink } from "../helpers/fixtures";

// The lane writes the route wrapper's answers (JsonAnswer) to Node's response without a Fetch
// Response between (lib/surfaces/api-routes/api-lane.ts, issue 38): its headers must be those a
// Response of the same answer carries (what Next's catch-alls send), plus the API trees' own and
// the Vary the compression middleware adds, which the lane now adds itself under its threshold.

let server: RunningServer;
let merchant: Awaited<ReturnType<typeof newMerchant>>;

beforeAll(async () => {
  merchant = await newMerchant();
  const lane = apiLane();
  server = await listen(
    http.createServer((req, res) => {
      if (!lane.take(req, res)) res.writeHead(418).end();
    }),
  );
});
afterAll(() => server.close());

/** Over node:http (no Accept-Encoding of its own): the status, the headers as received, the body. */
function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(`${server.origin}${path}`, { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("the lane's answers written without a Response", () => {
  it("carry what the route's Response carries, the API trees' headers and Vary, with the exact length", async () => {
    const headers = { authorization: `Bearer ${merchant.sandboxKey}`, "content-type": "application/json", "accept-encoding": "gzip", "x-request-id": "lane-answer-1" };
    const created = await send("POST", "/test/api/v4/payments/link", headers, JSON.stringify(validLink));
    expect(created.status).toBe(200);
    expect(Number(created.headers["content-length"])).toBe(Buffer.byteLength(created.body));
    expect(created.headers["content-encoding"]).toBeUndefined();
    expect(created.headers.vary).toBe("Accept-Encoding");
    expect(created.headers["x-content-type-options"]).toBe("nosniff");
    expect(created.headers["x-frame-options"]).toBe("DENY");

    // The same route's Response (as Next's catch-all sends it) for a read of that link: every
    // header it has, the lane sends alike.
    const { reference } = JSON.parse(created.body);
    const path = `/test/api/v4/payments/link/${reference}`;
    const byLane = await send("GET", path, { authorization: headers.authorization, "x-request-id": "lane-answer-2" });
    const response = await dispatch(new Request(`http://localhost${path}`, { headers: { authorization: headers.authorization, "x-request-id": "lane-answer-2" } }));
    expect(byLane.status).toBe(response.status);
    // The same link; its paymentUrl is on the origin each client used (the lane's over the wire).
    const withoutUrl = ({ paymentUrl, ...rest }: { paymentUrl: string }) => (expect(paymentUrl).toContain(reference), rest);
    expect(withoutUrl(JSON.parse(byLane.body))).toEqual(withoutUrl(await response.json()));
    response.headers.forEach((value, name) => {
      if (!name.startsWith("ratelimit-")) expect(byLane.headers[name], name).toBe(value);
    });
    for (const name of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"]) expect(byLane.headers[name], name).toMatch(/^\d+$/);
  });

  it("replays an Idempotency-Key's answer with its header, and refuses with the envelope and the limits' headers", async () => {
    const headers = { authorization: `Bearer ${merchant.sandboxKey}`, "content-type": "application/json", "idempotency-key": `lane-${Date.now()}` };
    const first = await send("POST", "/test/api/v4/payments/link", headers, JSON.stringify(validLink));
    const again = await send("POST", "/test/api/v4/payments/link", headers, JSON.stringify(validLink));
    expect(first.status).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(JSON.parse(again.body)).toEqual(JSON.parse(first.body));

    const refused = await send("POST", "/test/api/v4/payments/link", { ...headers, "idempotency-key": `lane-bad-${Date.now()}` }, "{");
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.code).toBe(40016);
    expect(refused.headers["ratelimit-limit"]).toMatch(/^\d+$/);
    expect(refused.headers["cache-control"]).toBe("no-store");
  });
});
