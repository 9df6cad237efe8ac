// npm run check:standalone - what the Docker image runs, checked without Docker: builds Next's
// standalone output (`npm run build:standalone`), copies `.next/standalone` out of the repository
// (so a file it still reads from the checkout, not traced, fails here as it would in the image),
// prepares a fresh local PostgreSQL database as the image's `migrate` target does, and starts the
// folder as the runtime stage does (`node scripts/start-server.cjs --hostname 0.0.0.0`: our
// server, server/app-server.cjs, in each of two workers, the heap cap in NODE_OPTIONS). Then it asks for what each part of the
// app needs: the API (a sandbox link created, and read through the API lane), the checkout page
// the link points to, the docs and a guide (markdown read at run time), the dashboard's sign-in,
// a static asset those pages load, and a graceful stop; and, first, that it refuses to start
// without BETTER_AUTH_URL, as `npm start` does. Exits 1 on the first failure.
//
// It replaces the regular build in .next (the next `npm test` builds again). Local only: it drops
// and creates `pcs_standalone` (CHECK_DATABASE_URL), port CHECK_PORT (default 3280).
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { prepareMerchant, sleep } from "./bench-app";
import { freshDatabase } from "./fresh-database";

const DATABASE_URL = process.env.CHECK_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pcs_standalone";
const PORT = Number(process.env.CHECK_PORT ?? 3280);
const base = `http://127.0.0.1:${PORT}`;

function fail(message: string): never {
  throw new Error(`standalone check failed: ${message}`);
}

console.log("building the standalone output (npm run build:standalone)...");
execFileSync("npm", ["run", "build:standalone"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pcs-standalone-"));
fs.cpSync(path.join(".next", "standalone"), folder, { recursive: true });
const megabytes = Number(execFileSync("du", ["-sm", folder], { encoding: "utf8" }).split("\t")[0]);
console.log(`runtime folder: ${folder} (${megabytes} MB)`);

await freshDatabase(DATABASE_URL);
// What compose.yaml gives the app besides its services.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
  BETTER_AUTH_URL: base,
  PAYMENT_BASE_URL: base,
};
delete env.PGLITE_DATA_DIR;
// The image's migrate target: migrations and the gateway catalog, from the checkout's toolchain.
const merchant = prepareMerchant(env, "Standalone Shop");

const runtime = (settings: NodeJS.ProcessEnv, stdio: "inherit" | "pipe") =>
  spawn(process.execPath, ["scripts/start-server.cjs", "--hostname", "0.0.0.0", "--port", String(PORT)], {
    cwd: folder,
    env: { ...settings, WEB_CONCURRENCY: "2", NODE_OPTIONS: "--max-old-space-size=256" },
    stdio: ["ignore", stdio, stdio],
  });

// The production settings check (lib/surfaces/config/production-settings.ts) runs in the image too: without
// the public address of mail links, its workers refuse to start and the launcher stops with 78.
{
  const { BETTER_AUTH_URL: _, ...withoutPublicAddress } = env;
  const refused = runtime(withoutPublicAddress, "pipe");
  let output = "";
  refused.stdout?.on("data", (chunk) => (output += chunk));
  refused.stderr?.on("data", (chunk) => (output += chunk));
  const code = await Promise.race([new Promise((resolve) => refused.once("exit", resolve)), sleep(60_000).then(() => "timeout")]);
  if (code !== 78 || !output.includes("refusing to start: BETTER_AUTH_URL is not set")) {
    refused.kill("SIGKILL");
    fs.rmSync(folder, { recursive: true, force: true });
    throw new Error(`standalone check failed: without BETTER_AUTH_URL the runtime answered ${code}, not a refusal (78):\n${output.slice(0, 2000)}`);
  }
  console.log("ok  refuses to start without BETTER_AUTH_URL (78)");
}

const app = runtime(env, "inherit");
const exited = new Promise<number | null>((resolve) => app.once("exit", (code) => resolve(code)));

try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
    if (app.exitCode !== null || i > 150) fail("the server did not answer /api/health");
    await sleep(200);
  }
  const expect = async (what: string, url: string, init: RequestInit, check: (res: Response, text: string) => boolean) => {
    const res = await fetch(url, init);
    const text = await res.text();
    if (!check(res, text)) fail(`${what}: ${init.method ?? "GET"} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
    console.log(`ok  ${what} (${res.status})`);
    return text;
  };
  const keyed = { authorization: `Bearer ${merchant.sandboxKey}`, "content-type": "application/json" };
  const created = JSON.parse(
    await expect("a sandbox link created", `${base}/test/api/v4/payments/link`, { method: "POST", headers: keyed, body: JSON.stringify({ amount: 5000, currency: "XOF", description: "Standalone check" }) }, (res) => res.status === 200),
  );
  // Answered by the API lane (lib/surfaces/api-routes/api-lane.ts), open once the server has loaded the API routes: Next's
  // answers carry its router's Vary header, the lane's do not.
  await expect("the link read, by the API lane", `${base}/test/api/v4/payments/link/${created.reference}`, { headers: keyed }, (res, text) => res.status === 200 && text.includes(created.reference) && !res.headers.get("vary")?.includes("rsc"));
  const checkout = await expect("its checkout page", `${base}${new URL(created.paymentUrl).pathname}`, {}, (res, text) => res.status === 200 && text.includes("XOF"));
  await expect("the API reference", `${base}/docs`, {}, (res) => res.status === 200);
  await expect("a guide (markdown read at run time)", `${base}/docs/guides/webhooks`, {}, (res, text) => res.status === 200 && text.includes("webhook-signature"));
  await expect("the dashboard's sign-in", `${base}/dashboard/sign-in`, {}, (res) => res.status === 200);
  const asset = /\/_next\/static\/[^"']+\.js/.exec(checkout)?.[0] ?? fail("the checkout page loads no script from /_next/static");
  await expect("a static asset of the checkout", `${base}${asset}`, {}, (res) => res.status === 200);
  app.kill("SIGTERM");
  const code = await Promise.race([exited, sleep(35_000).then(() => "timeout" as const)]);
  if (code !== 0) fail(`the launcher did not stop cleanly on SIGTERM (${code})`);
  console.log("ok  a graceful stop on SIGTERM");
  console.log("standalone output: every check passed");
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  if (app.exitCode === null) app.kill("SIGKILL");
  fs.rmSync(folder, { recursive: true, force: true });
}
process.exit();
