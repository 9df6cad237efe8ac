// The e2e web server: a fresh embedded database (or the DATABASE_URL one), migrations and a
// seeded merchant whose credentials the tests read from e2e/.state/merchant.json, then the
// production build (`next start`).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const stateDir = path.join(import.meta.dirname, ".state");
fs.rmSync(stateDir, { recursive: true, force: true });
fs.mkdirSync(stateDir, { recursive: true });
const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
if (!env.DATABASE_URL) env.PGLITE_DATA_DIR = path.join(stateDir, "pglite");

// The webhook test's HTTPS receiver (e2e/api/webhooks.spec.ts) listens on the next port with a
// throwaway self-signed certificate, which the server trusts and lets through the SSRF guard.
const tlsDir = path.join(stateDir, "tls");
fs.mkdirSync(tlsDir);
execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
  "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", path.join(tlsDir, "key.pem"), "-out", path.join(tlsDir, "cert.pem")], { stdio: "ignore" });
env.NODE_EXTRA_CA_CERTS = path.join(tlsDir, "cert.pem");
// Receiver ports, so test files can each run a receiver at the same time (3 and 4: the dashboard
// spec, once per browser project).
env.WEBHOOK_ALLOWED_PRIVATE_HOSTS = [1, 2, 3, 4].map((n) => `127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + n}`).join(",");

// The dashboard's temporary member cookie (lib/auth/session-member.ts) until the auth branch's sign-in.
env.DEV_MEMBER_SECRET ??= "e2e dashboard member secret";

const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
const merchant = execFileSync(tsx, ["scripts/merchant-create.ts", "--name", "E2E Shop", "--json"], { env, encoding: "utf8" });
fs.writeFileSync(path.join(stateDir, "merchant.json"), merchant.trim().split("\n").at(-1) ?? "");

// Support-view accounts, one per role, with passwords the tests know.
// Unique per run: on PostgreSQL the database outlives the run, and e-mails are unique.
const run = Date.now().toString(36);
const staff = {
  admin: { email: `admin-${run}@e2e.example`, password: "e2e admin password" },
  support: { email: `support-${run}@e2e.example`, password: "e2e support password" },
};
for (const [role, account] of Object.entries(staff)) {
  execFileSync(tsx, ["scripts/staff-create.ts", "--email", account.email, "--role", role, "--password", account.password], { env });
}
// And one made the way an operator onboards a colleague, without --password: the printed
// one-time password must be replaced at the first sign-in (e2e/browser/support-admin.spec.ts).
const oneTimeEmail = `one-time-${run}@e2e.example`;
const printed = execFileSync(tsx, ["scripts/staff-create.ts", "--email", oneTimeEmail, "--role", "support"], { env, encoding: "utf8" });
const oneTime = { email: oneTimeEmail, password: /One-time password: (\S+)/.exec(printed)?.[1] ?? "" };
fs.writeFileSync(path.join(stateDir, "staff.json"), JSON.stringify({ ...staff, oneTime }));

// As `npm start` does: the socket's address reaches the handlers, and oversized headers get the
// error envelope (scripts/server-preload.cjs).
env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --require ${path.join(process.cwd(), "scripts", "server-preload.cjs")}`.trim();
const next = path.join(process.cwd(), "node_modules", ".bin", "next");
// Keep idle connections open longer than the tests pause (5 s by default): otherwise the test
// client may reuse a socket the server is closing, and a request fails with ECONNRESET.
const server = spawn(next, ["start", "--port", process.env.E2E_PORT ?? "3210", "--keepAliveTimeout", "65000"], { env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
