import net from "node:net";
import { expect, test } from "@playwright/test";
import { sendRaw } from "../../tests/helpers/raw-http";

// Methods a route lacks, over real sockets against the production build behind our server's
// front door (server/front-door.cjs): 400/40017 with the route's Allow, in the error envelope, whether the
// API lane answers (a plain path) or Next does (an escaped path, the checkout's and the support
// view's API). No fetch Request can carry TRACE, so Next answered it with a bare 500; PROPFIND and
// the like got its bare 400, a method a route file did not export its bare 405.
const port = Number(process.env.E2E_PORT ?? 3210);

const send = (method: string, path: string) => sendRaw(`http://127.0.0.1:${port}`, method, path);

const LINK = "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K";

test("a method no route answers is refused with 400/40017 and the route's Allow, by the lane and by Next", async () => {
  const cases: [path: string, allow: string][] = [
    ["/test/api/v4/payments/link", "POST"], // the lane
    [`/test/api/v4/payments/link/${LINK.replace("_", "%5F")}`, "GET"], // Next (an escaped path)
    ["/api/checkout/LINK_X", "GET"],
    ["/admin/api/overview", "GET"],
    ["/admin/api/password", "POST"],
    ["/api/health", "GET"],
    ["/api/auth/sign-in/email", "GET, POST"], // better-auth's endpoints
  ];
  for (const method of ["TRACE", "PROPFIND", "DELETE"]) {
    for (const [path, allow] of cases) {
      if (method === "DELETE" && allow.includes("DELETE")) continue;
      const res = await send(method, path);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.headers.allow, `${method} ${path}`).toBe(allow);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(JSON.parse(res.body).error, `${method} ${path}`).toEqual({ code: 40017, message: "Unsupported HTTP method", details: `${method} is not supported here; allowed: ${allow}` });
    }
  }
  // HEAD, which Next hands to GET, is no server error on better-auth's endpoints either.
  expect((await send("HEAD", "/api/auth/get-session")).status).toBeLessThan(500);
  // An unknown API path stays unknown, whatever the method.
  const unknown = await send("TRACE", "/api/v4/no/such/route");
  expect(unknown.status).toBe(404);
  expect(JSON.parse(unknown.body).error).toMatchObject({ code: 40004, details: "No route for TRACE /api/v4/no/such/route" });
});

test("CONNECT and a method Node does not know get the envelope, not a dropped connection or a bare 400", async () => {
  for (const method of ["CONNECT", "BREW"]) {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(`${method} /test/api/v4/payments/link HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
      let received = "";
      socket.on("data", (chunk) => (received += chunk));
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
    });
    expect(answer, method).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)).error, method).toMatchObject({ code: 40017, message: "Unsupported HTTP method" });
  }
});
