// The e2e web server: a fresh embedded database (or a fresh PostgreSQL one), migrations and a
// seeded merchant whose credentials the tests read from e2e/.state/merchant.json, then the
// production build, served by our server as `npm start` serves it (server/app-server.cjs).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freshDatabase, siblingDatabaseUrl } from "../scripts/fresh-database";
import { makeSelfSignedCertificate } from "../scripts/self-signed-certificate";
import { africasTalkingFakeEnv, startAfricasTalkingFake } from "../tests/fakes/africastalking-fake";
import { startOperatorFakes } from "../tests/fakes/start-operator-fakes";
import { startMailSink } from "./mail-sink";

const stateDir = path.join(import.meta.dirname, ".state");
fs.rmSync(stateDir, { recursive: true, force: true });
fs.mkdirSync(stateDir, { recursive: true });
const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
// A database of this run's own either way: on PostgreSQL a sibling of DATABASE_URL's, created
// afresh, so pending deliveries and due rows the integration tests (or a former run) left in the
// shared one are not worked by this server while the specs wait for their own.
if (env.DATABASE_URL) {
  env.DATABASE_URL = siblingDatabaseUrl(env.DATABASE_URL, "e2e");
  await freshDatabase(env.DATABASE_URL);
} else {
  env.PGLITE_DATA_DIR = path.join(stateDir, "pglite");
}
// On PostgreSQL no secret file is written beside the database, so sessions get a throwaway key.
env.BETTER_AUTH_SECRET ??= `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}-secret-value`;
// A production server builds its mail links from its public address only and refuses to start
// without one (lib/surfaces/config/production-settings.ts): the address the specs browse.
const port = Number(process.env.E2E_PORT ?? 3210);
env.BETTER_AUTH_URL = `http://127.0.0.1:${port}`;
// Nor does it show the development outbox: the dashboard journeys read their mails from the
// mail server it sends them to (e2e/mail-sink.ts).
const mailSink = await startMailSink(path.join(stateDir, "mails.jsonl"));
env.SMTP_URL = mailSink.url;

// The webhook test's HTTPS receiver (e2e/api/webhooks.spec.ts) listens on the next port with a
// throwaway self-signed certificate, which the server trusts and lets through the SSRF guard.
const tlsDir = path.join(stateDir, "tls");
fs.mkdirSync(tlsDir);
env.NODE_EXTRA_CA_CERTS = makeSelfSignedCertificate(tlsDir).certFile;
// Receiver ports, so test files can each run a receiver at the same time (3: the live operators
// spec; 15 and 16: the dashboard journey, one per worker).
// +14: a port nothing listens on, for a delivery that must fail (e2e/browser/dashboard-isolation.spec.ts).
// 20 and 21: the developers page's figures (e2e/browser/developers-figures.spec.ts), one per worker.
// 4: the live MTN way out of the waiting screen (e2e/browser/checkout-no-javascript.spec.ts).
env.WEBHOOK_ALLOWED_PRIVATE_HOSTS = [1, 2, 3, 4, 14, 15, 16, 20, 21].map((n) => `127.0.0.1:${port + n}`).join(",");
// The API keys' counts reach the table within a second, not the default five: the specs read them soon after.
env.API_KEY_USAGE_FLUSH_SECONDS ??= "1";

// Live mode against the operator fakes of the test tree (real HTTP servers speaking MTN's, Wave's
// and Orange's protocols), on the ports after the receivers, configured only through the
// documented variables: the live checkout and live transfers run end to end
// (e2e/browser/live-operators.spec.ts). Wave's signed events go to our callback route. Sandbox
// behaviour does not change: the sandbox never calls an operator.
// MTN's customers take a moment to approve, as real ones do: the checkout shows its prompt screen first.
const fakes = await startOperatorFakes(`http://127.0.0.1:${port}/api/operators/wave/callback`, port + 6, { mtnAnswerAfterMs: 2_000 });
Object.assign(env, fakes.env, { ORANGE_MONEY_COUNTRIES: "SN" });
// A customer whose prompt waits on the phone until the test has them approve it, late
// (POST /_customer/2250700005151/approve): the attempt the checkout left for another number
// (e2e/browser/checkout-no-javascript.spec.ts).
fakes.mtn.script("2250700005151", { customer: "never_answers" });
// pawaPay's announced availability (GET /v2/availability) is kept a second, not a minute: a spec
// that closes a provider at the fake (PUT /_availability/..., e2e/browser/operator-availability.spec.ts)
// sees the checkout follow within a couple of page loads.
env.OPERATOR_ANNOUNCED_STATES_TTL_MS ??= "1000";
fs.writeFileSync(path.join(stateDir, "operators.json"), JSON.stringify({ mtn: fakes.mtn.url, wave: fakes.wave.url, orange: fakes.orange.url, pawapay: fakes.pawapay.url }));

// SMS through the Africa's Talking fake on a free port (e2e/browser/send-link.spec.ts): each message
// it takes is a JSON line of sms.jsonl, and its delivery reports come back to our callback.
const sms = await startAfricasTalkingFake({ reportAfterMs: 500, onMessage: (m) => fs.appendFileSync(path.join(stateDir, "sms.jsonl"), `${JSON.stringify(m)}\n`) });
Object.assign(env, africasTalkingFakeEnv(sms), { SMS_DELIVERY_REPORT_SECRET: "e2e-delivery-reports" });
sms.sendReportsTo(`${env.BETTER_AUTH_URL}/api/sms/africastalking/delivery-reports/e2e-delivery-reports`);

// The merchant, staff and members the specs sign in as (e2e/seed.ts writes their credentials).
execFileSync(path.join(process.cwd(), "node_modules", ".bin", "tsx"), ["e2e/seed.ts"], { env, stdio: "inherit" });

// As `npm start` does, in one process: our server (server/app-server.cjs), whose front door
// hands the socket's address to the handlers, gives oversized headers the error envelope and
// opens the API lane. Idle connections stay open longer than the tests pause (Node's 5 s by
// default): otherwise the test client may reuse a socket the server is closing, and a request
// fails with ECONNRESET.
const server = spawn(process.execPath, [path.join(process.cwd(), "server", "app-server.cjs"), "--port", String(port), "--keep-alive-timeout", "65000"], { env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => Promise.all([fakes.close(), mailSink.close(), sms.close()]).finally(() => process.exit(code ?? 0)));
