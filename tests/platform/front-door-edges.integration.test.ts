import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readGuide } from "@/lib/surfaces/docs/guides";
import { attachFrontDoor, UNROUTED_METHOD_HEADER } from "../../server/front-door.cjs";
import { listen, type RunningServer } from "../helpers/app-server";

// Issue 34 (11), the edges of our server's front door (server/front-door.cjs) over raw sockets:
// what reaches Next (here a stand-in that records each request and answers 418) for a TRACE on a
// page, for an absolute-form request target, and /.well-known/security.txt (RFC 9116).

type Seen = { method: string; url: string; host: string | undefined; unrouted: string | undefined };
const seen: Seen[] = [];
let server: RunningServer;

beforeAll(async () => {
  server = await listen(
    attachFrontDoor(http.createServer(), (req, res) => {
      seen.push({ method: req.method!, url: req.url!, host: req.headers.host, unrouted: req.headers[UNROUTED_METHOD_HEADER] as string | undefined });
      res.writeHead(418, { "content-type": "text/plain" }).end("left to Next");
    }),
  );
});
afterAll(() => server.close());

/** One request written as is on a socket: the request line and headers exactly as given. */
function raw(requestLine: string, headers: Record<string, string> = { Host: "127.0.0.1" }) {
  const { port } = new URL(server.origin);
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () =>
      socket.write(`${requestLine}\r\n${Object.entries({ ...headers, Connection: "close" }).map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`),
    );
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, ...rest] = received.split("\r\n\r\n");
      const [statusLine, ...lines] = head.split("\r\n");
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers: Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()])),
        body: rest.join("\r\n\r\n"),
      });
    });
  });
}

const lastSeen = () => seen.at(-1);

describe("a method Next cannot route, on a page", () => {
  it.each([["TRACE", "/dashboard"], ["TRACE", "/pay/LINK_X"], ["PROPFIND", "/"], ["TRACE", "/test/dashboard/links"]])("%s %s is a 405 with Allow, never handed to Next (its bare 500)", async (method, path) => {
    const before = seen.length;
    const res = await raw(`${method} ${path} HTTP/1.1`);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, POST");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(seen.length).toBe(before);
  });

  it("leaves the API trees' to their routes (400/40017 with the route's Allow), as before", async () => {
    await raw("TRACE /admin/api/overview HTTP/1.1");
    expect(lastSeen()).toMatchObject({ method: "PATCH", url: "/admin/api/overview", unrouted: "TRACE" });
  });
});

describe("an absolute-form request target", () => {
  it("is checked as its path: TRACE http://host/admin/api/... is marked for the route like TRACE /admin/api/...", async () => {
    await raw("TRACE http://127.0.0.1/admin/api/overview HTTP/1.1");
    expect(lastSeen()).toMatchObject({ method: "PATCH", url: "/admin/api/overview", unrouted: "TRACE" });
    const page = await raw("TRACE http://127.0.0.1/dashboard HTTP/1.1");
    expect(page.status).toBe(405);
  });

  it("reaches Next in origin form, with the target's authority as the Host (RFC 9112, 3.2.2)", async () => {
    await raw("GET http://pay.example:8080/admin/api/overview?x=1 HTTP/1.1", { Host: "127.0.0.1" });
    expect(lastSeen()).toMatchObject({ method: "GET", url: "/admin/api/overview?x=1", host: "pay.example:8080" });
  });

  it.each(["GET *", "GET ftp://127.0.0.1/admin/api/overview", "GET http://user:pw@127.0.0.1/admin"])("refuses %s with 400 in the envelope, handing nothing on", async (line) => {
    const before = seen.length;
    const res = await raw(`${line} HTTP/1.1`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toMatchObject({ code: 40023 });
    expect(seen.length).toBe(before);
  });
});

describe("/.well-known/security.txt", () => {
  it("says where to report, until when, in which languages, at which URL and under which policy (RFC 9116)", async () => {
    vi.stubEnv("BETTER_AUTH_URL", "https://pay.example.com");
    vi.stubEnv("SECURITY_CONTACT", "");
    vi.stubEnv("SECURITY_POLICY_URL", "");
    try {
      const res = await raw("GET /.well-known/security.txt HTTP/1.1");
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
      const fields = res.body.trim().split("\n").map((line) => line.split(": "));
      const policy = "https://pay.example.com/docs/guides/security";
      expect(fields).toEqual([
        ["Contact", "mailto:security@pay.example.com"],
        ["Expires", expect.stringMatching(/^\d{4}-\d\d-\d\dT00:00:00Z$/)],
        ["Preferred-Languages", "en, fr"],
        ["Canonical", "https://pay.example.com/.well-known/security.txt"],
        ["Policy", policy],
      ]);
      const expires = Date.parse(fields[1][1]);
      expect(expires).toBeGreaterThan(Date.now() + 90 * 86_400_000);
      expect(expires).toBeLessThan(Date.now() + 365 * 86_400_000);
      expect(seen.every((request) => !request.url.includes("security.txt"))).toBe(true);

      vi.stubEnv("SECURITY_CONTACT", "mailto:security@pay.example.com, https://pay.example.com/report");
      const configured = await raw("GET /.well-known/security.txt HTTP/1.1");
      expect(configured.body).toMatch(/^Contact: mailto:security@pay\.example\.com\nContact: https:\/\/pay\.example\.com\/report\nExpires: /);
      expect((await raw("HEAD /.well-known/security.txt HTTP/1.1")).status).toBe(200);
      const post = await raw("POST /.well-known/security.txt HTTP/1.1", { Host: "127.0.0.1", "Content-Length": "0" });
      expect(post.status).toBe(405);
      expect(post.headers.allow).toBe("GET, HEAD");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("points its Policy at the public reporting guide, in both languages, which names the mailbox", async () => {
    for (const locale of ["en", "fr"] as const) {
      const guide = await readGuide("security", locale);
      expect(guide.locale).toBe(locale);
      expect(guide.html).toContain("/.well-known/security.txt");
      // The team's threat model (docs/security.md, its known gaps included) is not what is published.
      expect(guide.html).not.toMatch(/Known gaps|threat model/i);
    }
  });
});
