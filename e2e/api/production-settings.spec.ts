import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";

// What a production server refuses to start with (lib/surfaces/config/production-settings.ts), on the
// production build: our server itself (server/app-server.cjs, one process), and `npm start`'s launcher with two workers, which must
// stop rather than start worker after worker. And the development outbox, which the e2e server
// (started without MAIL_OUTBOX_PAGE, which it could not start with) never serves.
const root = process.cwd();
const basePort = Number(process.env.E2E_PORT ?? 3210);

/** Runs a server command until it exits (within 60 s): its code and everything it printed. */
function runUntilExit(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`still running after 60 s (it should have refused):\n${output}`));
    }, 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The environment of a server that names no public address for its mail links. */
function withoutPublicAddress(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    // Never opened (the settings are refused first), and never the repository's own.
    PGLITE_DATA_DIR: path.join(root, "e2e", ".state", "refused-pglite"),
    ...extra,
  };
  delete env.BETTER_AUTH_URL;
  return env;
}

test("the server refuses without BETTER_AUTH_URL and with MAIL_OUTBOX_PAGE, naming both", async () => {
  const { code, output } = await runUntilExit(process.execPath, [path.join(root, "server", "app-server.cjs"), "--port", String(basePort + 18)], withoutPublicAddress({ MAIL_OUTBOX_PAGE: "1" }));
  expect(code, output).toBe(78);
  expect(output).toContain("refusing to start: BETTER_AUTH_URL is not set");
  expect(output).toContain("refusing to start: MAIL_OUTBOX_PAGE is set");
});

test("npm start's launcher stops with 78 when its workers refuse, instead of restarting them", async () => {
  const { code, output } = await runUntilExit(
    process.execPath,
    [path.join(root, "scripts", "start-server.cjs"), "--port", String(basePort + 19)],
    // Two workers (a database URL: the settings are refused before anything connects to it).
    withoutPublicAddress({ DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none", WEB_CONCURRENCY: "2", BETTER_AUTH_SECRET: "x".repeat(40) }),
  );
  expect(code, output).toBe(78);
  expect(output).toContain("refusing to start: BETTER_AUTH_URL is not set");
  expect(output).toContain("a worker refused its settings");
  expect(output).not.toContain("worker died; starting another");
});

test("the production build never serves the development outbox", async ({ request }) => {
  const res = await request.get("/dev/outbox");
  expect(res.status()).toBe(404);
});
