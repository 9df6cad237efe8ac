import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, describe, expect, it } from "vitest";

// Issue 28 (9): `next dev` printed about 1,300 "Ecmascript file had an error" blocks, Next's Edge
// compile of instrumentation code that uses process.on/process.send: a newcomer's first run looked
// broken. The development server starts here as `npm run dev` starts it (our server,
// server/app-server.cjs --dev, with Next compiling on demand behind it), serves the home page
// (through proxy.ts, which is what compiles instrumentation for Edge) and the dashboard's sign-in,
// and must print no compile error. Its database is in memory and its background work left to an
// (absent) Inngest: only what Next prints is under test.

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });

let child: ReturnType<typeof spawn> | undefined;
afterAll(() => {
  if (child?.pid) process.kill(-child.pid, "SIGTERM");
});

describe("the development server", () => {
  it("compiles the app without an error", async () => {
    const port = await freePort();
    let output = "";
    child = spawn(process.execPath, ["server/app-server.cjs", "--dev", "--port", String(port), "--hostname", "127.0.0.1"], {
      env: { ...process.env, NODE_ENV: "development", DATABASE_URL: "", PGLITE_DATA_DIR: ":memory:", BETTER_AUTH_ALLOWED_HOSTS: "", INNGEST_DEV: "1", NEXT_TELEMETRY_DISABLED: "1" },
      detached: true,
    });
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));

    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 150_000;
    let home: Response | undefined;
    while (!home && Date.now() < deadline) {
      home = await fetch(`${base}/`).catch(() => undefined);
      if (!home) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(home?.status, output).toBe(200);
    expect((await fetch(`${base}/dashboard/sign-in`)).status, output).toBe(200);

    expect(output).not.toMatch(/Ecmascript file had an error|Module not found|Failed to compile/);
  }, 180_000);
});
