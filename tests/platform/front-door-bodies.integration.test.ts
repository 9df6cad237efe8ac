import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_POST_MAX_BYTES as ROUTES_CAP, tooLargeFormPage as routesPage } from "@/lib/surfaces/http/customer-posts";
import { CUSTOMER_POST_MAX_BYTES, tooLargeFormPage } from "../../server/customer-posts.cjs";
import { attachFrontDoor } from "../../server/front-door.cjs";
import { listen, type RunningServer } from "../helpers/app-server";

// Issue 46, item 13, at our server's front door (server/front-door.cjs): the customer's forms (the
// checkout's steps, a payment page's "Pay") and the checkout's JSON posts take at most 8 KiB. Next
// would otherwise read a page's body whole, keeping up to 10 MB, before any route of ours runs
// (its proxy clones the body). A declared Content-Length over the cap is answered at once; a chunked
// body is counted as it arrives, without being consumed, and answered as soon as it passes the cap.
// Here a stand-in for Next reads whatever it is handed and says how many bytes it got.

const CAP = 8 * 1024;
const handed: { url: string; bytes: number }[] = [];
let server: RunningServer;

beforeAll(async () => {
  server = await listen(
    attachFrontDoor(http.createServer(), async (req, res) => {
      let bytes = 0;
      for await (const chunk of req) bytes += (chunk as Buffer).byteLength;
      handed.push({ url: req.url!, bytes });
      res.writeHead(200, { "content-type": "text/plain" }).end(`read ${bytes}`);
    }),
  );
});
afterAll(() => server.close());

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; sentBeforeAnswer: number };

/**
 * A POST whose body is `chunks` chunks of 1 KiB, written `gapMs` apart, declared with
 * `contentLength` or chunked without it; stops writing as soon as the answer comes.
 */
function post(path: string, options: { chunks: number; gapMs?: number; contentLength?: number; headers?: Record<string, string> }): Promise<Answer> {
  const { hostname, port } = new URL(server.origin);
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", ...options.headers };
  if (options.contentLength !== undefined) headers["content-length"] = String(options.contentLength);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request({ host: hostname, port, method: "POST", path, headers, agent: false }, (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => {
        request.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sentBeforeAnswer });
      });
    });
    // The server may close the connection while we still write: that is the point.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const writeNext = () => {
      if (answered || request.destroyed) return;
      if (sent >= options.chunks * 1024) return void request.end();
      request.write(Buffer.alloc(1024, sent === 0 ? "a" : "x"));
      sent += 1024;
      setTimeout(writeNext, options.gapMs ?? 0);
    };
    writeNext();
  });
}

describe("the customer's posts' bodies at the front door", () => {
  it("a declared Content-Length over 8 KiB: 413 at once, a page leading back to the form's page, nothing handed on", async () => {
    const before = handed.length;
    const answer = await post("/test/pay/LINK_TEST_X/form", { chunks: 1024, gapMs: 2, contentLength: 1024 * 1024 });
    expect(answer.status).toBe(413);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers.connection).toBe("close");
    expect(answer.body).toContain('href="/test/pay/LINK_TEST_X"');
    expect(answer.sentBeforeAnswer).toBeLessThan(64 * 1024);
    expect(handed.length).toBe(before);

    const page = await post("/p/PAGE_X/pay", { chunks: 16, contentLength: 16 * 1024 });
    expect(page.status).toBe(413);
    expect(page.body).toContain('href="/p/PAGE_X"');
    // "Was I charged?" (issue 51): its form leads back to its page.
    const lookup = await post("/test/check/form", { chunks: 16, contentLength: 16 * 1024 });
    expect(lookup.status).toBe(413);
    expect(lookup.body).toContain('href="/test/check"');
    expect(handed.length).toBe(before);
  });

  it("a chunked body: answered 413 once past 8 KiB, while the client is still sending; nothing handed on", async () => {
    const before = handed.length;
    const answer = await post("/pay/LINK_X/form", { chunks: 1024, gapMs: 2 });
    expect(answer.status).toBe(413);
    expect(answer.sentBeforeAnswer).toBeLessThan(64 * 1024);
    expect(handed.length).toBe(before);
  });

  it("the checkout's JSON posts: 413 in the error envelope (40023)", async () => {
    for (const path of ["/test/api/checkout/LINK_TEST_X/attempts", "/api/checkout/LINK_X/otp"]) {
      const declared = await post(path, { chunks: 9, contentLength: 9 * 1024, headers: { "content-type": "application/json" } });
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body).error.code).toBe(40023);
      const chunked = await post(path, { chunks: 64, gapMs: 1, headers: { "content-type": "application/json" } });
      expect(chunked.status).toBe(413);
      expect(JSON.parse(chunked.body).error.code).toBe(40023);
    }
  });

  it("a body within the cap, declared or chunked and slow, reaches the route whole", async () => {
    expect((await post("/test/pay/LINK_TEST_X/form", { chunks: 8, contentLength: 8 * 1024 })).body).toBe(`read ${CAP}`);
    expect((await post("/test/pay/LINK_TEST_X/form", { chunks: 3, gapMs: 30 })).body).toBe("read 3072");
    expect((await post("/p/PAGE_X/pay", { chunks: 0 })).body).toBe("read 0");
  });

  it("an escaped form path is the same path; other pages and the API keep their own limits", async () => {
    expect((await post("/test/pay/LINK_TEST_X/%66orm", { chunks: 9, contentLength: 9 * 1024 })).status).toBe(413);
    expect((await post("/dashboard/settings", { chunks: 64, contentLength: 64 * 1024 })).body).toBe(`read ${64 * 1024}`);
    expect((await post("/api/v4/payments/link", { chunks: 32 })).body).toBe(`read ${32 * 1024}`);
  });
});

describe("the front door's rule and the routes' (lib/surfaces/http/customer-posts.ts)", () => {
  it("the same cap and the same page", () => {
    expect(CUSTOMER_POST_MAX_BYTES).toBe(ROUTES_CAP);
    expect(CAP).toBe(ROUTES_CAP);
    for (const back of ["/pay/LINK_X", '/test/p/PAGE_"<x>&']) expect(tooLargeFormPage(back)).toBe(routesPage(back));
    expect(tooLargeFormPage('/p/"<x>')).toContain('href="/p/&#34;&#60;x&#62;"');
  });
});
