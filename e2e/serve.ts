// The e2e web server: a fresh embedded database (or the DATABASE_URL one), migrations and a
// seeded merchant whose credentials the tests read from e2e/.state/merchant.json, then the
// production build (`next start`).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startOperatorFakes } from "../tests/fakes/start-operator-fakes";

const stateDir = path.join(import.meta.dirname, ".state");
fs.rmSync(stateDir, { recursive: true, force: true });
fs.mkdirSync(stateDir, { recursive: true });
const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
if (!env.DATABASE_URL) env.PGLITE_DATA_DIR = path.join(stateDir, "pglite");
// The dashboard journeys read their mails on /dev/outbox (no SMTP server); on PostgreSQL no
// secret file is written beside the database, so sessions get a throwaway key.
env.MAIL_OUTBOX_PAGE = "1";
env.BETTER_AUTH_SECRET ??= `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}-secret-value`;

// The webhook test's HTTPS receiver (e2e/api/webhooks.spec.ts) listens on the next port with a
// throwaway self-signed certificate, which the server trusts and lets through the SSRF guard.
const tlsDir = path.join(stateDir, "tls");
fs.mkdirSync(tlsDir);
execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
  "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", path.join(tlsDir, "key.pem"), "-out", path.join(tlsDir, "cert.pem")], { stdio: "ignore" });
env.NODE_EXTRA_CA_CERTS = path.join(tlsDir, "cert.pem");
// Receiver ports, so test files can each run a receiver at the same time (3: the live operators
// spec; 15 and 16: the dashboard journey, one per worker).
const port = Number(process.env.E2E_PORT ?? 3210);
// +14: a port nothing listens on, for a delivery that must fail (e2e/browser/dashboard-isolation.spec.ts).
env.WEBHOOK_ALLOWED_PRIVATE_HOSTS = [1, 2, 3, 14, 15, 16].map((n) => `127.0.0.1:${port + n}`).join(",");

// Live mode against the operator fakes of the test tree (real HTTP servers speaking MTN's, Wave's
// and Orange's protocols), on the ports after the receivers, configured only through the
// documented variables: the live checkout and live transfers run end to end
// (e2e/browser/live-operators.spec.ts). Wave's signed events go to our callback route. Sandbox
// behaviour does not change: the sandbox never calls an operator.
const fakes = await startOperatorFakes(`http://127.0.0.1:${port}/api/operators/wave/callback`, port + 6);
Object.assign(env, fakes.env, { ORANGE_MONEY_COUNTRIES: "SN" });
fs.writeFileSync(path.join(stateDir, "operators.json"), JSON.stringify({ mtn: fakes.mtn.url, wave: fakes.wave.url, orange: fakes.orange.url }));

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

// Dashboard logins of the E2E merchant, one per role, made as an operator would
// (npm run member:create); the dashboard specs sign in with them (e2e/dashboard-helpers.ts).
const { id: merchantId } = JSON.parse(fs.readFileSync(path.join(stateDir, "merchant.json"), "utf8")) as { id: string };
const members = Object.fromEntries(
  ["owner", "admin", "developer", "viewer"].map((role) => {
    const account = { email: `${role}-${run}@members.e2e.example`, password: `e2e ${role} password` };
    execFileSync(tsx, ["scripts/member-create.ts", "--merchant", merchantId, "--email", account.email, "--role", role, "--password", account.password], { env });
    return [role, account];
  }),
);
fs.writeFileSync(path.join(stateDir, "members.json"), JSON.stringify(members));

// Members of the E2E merchant who also work in support: staff:create gives the role to their
// existing accounts, passwords unchanged (e2e/browser/sessions-admin.spec.ts). The viewer signs in
// and out of both views; a member of its own turns two-factor sign-in on, which would lock the
// shared logins out of the other specs.
const totpMember = { email: `totp-${run}@members.e2e.example`, password: "e2e totp member password" };
execFileSync(tsx, ["scripts/member-create.ts", "--merchant", merchantId, "--email", totpMember.email, "--role", "viewer", "--password", totpMember.password], { env });
for (const account of [members.viewer, totpMember]) execFileSync(tsx, ["scripts/staff-create.ts", "--email", account.email, "--role", "support"], { env });
fs.writeFileSync(path.join(stateDir, "member-staff.json"), JSON.stringify({ sessions: members.viewer, totp: totpMember }));

// As `npm start` does: the socket's address reaches the handlers, and oversized headers get the
// error envelope (scripts/server-preload.cjs).
env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --require ${path.join(process.cwd(), "scripts", "server-preload.cjs")}`.trim();
const next = path.join(process.cwd(), "node_modules", ".bin", "next");
// Keep idle connections open longer than the tests pause (5 s by default): otherwise the test
// client may reuse a socket the server is closing, and a request fails with ECONNRESET.
const server = spawn(next, ["start", "--port", String(port), "--keepAliveTimeout", "65000"], { env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => fakes.close().finally(() => process.exit(code ?? 0)));
