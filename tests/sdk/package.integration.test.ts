import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { startAppServer } from "../helpers/app-server";
import { newMerchant, sleep } from "../helpers/fixtures";
import { headersOf } from "../helpers/webhook-fixtures";

// The SDK as a developer gets it: built (sdk/dist is not committed), packed by `npm pack`, installed
// from that tarball into an empty project, and its command run as `npx @pcs/sdk listen`, against
// the app's routes behind a real HTTP server. The SDK's dependencies are the versions this
// repository's lockfile pins, from npm's cache (`npm ci` of this repository fetched them).

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
let project: string;
let app: Awaited<ReturnType<typeof startAppServer>>;

/**
 * One step of the set-up, named on stderr if it is still running after 20 s: the hook timed out
 * twice in loaded full runs (2026-11-29) without saying which step hung, and passes alone.
 */
async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const slow = setInterval(() => console.error(`sdk-package set-up: still on "${name}" after ${Math.round((Date.now() - started) / 1000)} s`), 20_000);
  try {
    return await work();
  } finally {
    clearInterval(slow);
  }
}

type LockEntry = { version?: string; dependencies?: Record<string, string>; dev?: boolean; peer?: boolean; [field: string]: unknown };

/**
 * An empty merchant project depending on the packed SDK, with a lockfile: the tarball's own entry
 * (its sha512), then the SDK's dependencies and theirs as the repository's package-lock.json has
 * them (installed by `npm ci` of this repository, so in npm's cache).
 */
function writeMerchantProject(dir: string, tarball: string) {
  const sdk = JSON.parse(fs.readFileSync(path.join(root, "sdk/package.json"), "utf8"));
  const rootLock: Record<string, LockEntry> = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")).packages;
  const integrity = `sha512-${createHash("sha512").update(fs.readFileSync(path.join(dir, tarball))).digest("base64")}`;
  const packages: Record<string, LockEntry> = {
    "": { name: "merchant-app", dependencies: { "@pcs/sdk": `file:${tarball}` } },
    "node_modules/@pcs/sdk": { version: sdk.version, resolved: `file:${tarball}`, integrity, dependencies: sdk.dependencies, bin: sdk.bin, engines: sdk.engines },
  };
  const pending = Object.keys(sdk.dependencies);
  for (let name = pending.pop(); name; name = pending.pop()) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const { dev: _dev, peer: _peer, ...entry } = rootLock[key] ?? {};
    if (!entry.version) throw new Error(`${name}, a dependency of the SDK, is not in package-lock.json: run npm install`);
    packages[key] = entry;
    pending.push(...Object.keys(entry.dependencies ?? {}));
  }
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "merchant-app", private: true, dependencies: { "@pcs/sdk": `file:${tarball}` } }));
  fs.writeFileSync(path.join(dir, "package-lock.json"), JSON.stringify({ name: "merchant-app", lockfileVersion: 3, requires: true, packages }));
}

beforeAll(async () => {
  app = await step("start the app server", () => startAppServer());
  project = fs.mkdtempSync(path.join(os.tmpdir(), "pcs-sdk-package-"));
  await step("build the SDK", () => run("npm", ["--prefix", "sdk", "run", "build"], { cwd: root }));
  const { stdout } = await step("pack the SDK", () => run("npm", ["pack", "--pack-destination", project], { cwd: path.join(root, "sdk") }));
  const tarball = stdout.trim().split("\n").pop()!;
  writeMerchantProject(project, tarball);
  // npm ci from a lockfile: the SDK's dependencies at the versions and integrity this repository's
  // own lockfile pins, so npm needs no registry document. `npm install ./tarball` had to fetch them
  // and hung this hook's 3 minutes in loaded full runs (2026-11-29, "install the tarball").
  await step("install the tarball", () => run("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: project }));
}, 180_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(project, { recursive: true, force: true });
});

/** `npx @pcs/sdk ...` in the merchant's project: the installed bin, never the registry (--no). */
const npx = (args: string[]) => ["--no", "@pcs/sdk", ...args];

describe("the SDK package's listen command", () => {
  it("installs from the packed tarball and answers --help with the listen options", async () => {
    const { stdout } = await run("npx", npx(["listen", "--help"]), { cwd: project });
    expect(stdout).toContain("Usage: npx @pcs/sdk listen --forward-to");
    for (const flag of ["--forward-to", "--key", "--secret", "--events", "--trigger", "--base-url"]) expect(stdout).toContain(flag);
    // The package ships the built code and no source: the bin runs on node alone.
    expect(fs.existsSync(path.join(project, "node_modules/@pcs/sdk/dist/cli.js"))).toBe(true);
    expect(fs.existsSync(path.join(project, "node_modules/@pcs/sdk/src"))).toBe(false);
  });

  it("refuses a live key with exit code 2", async () => {
    const refused = await run("npx", npx(["listen", "--forward-to", "http://localhost:4000/hooks", "--key", "sk_live_abc"]), { cwd: project }).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining("only follows the sandbox") });
  });

  it("forwards a triggered deposit.completed to a local URL, signed with the merchant's secret, and stops on Ctrl-C", async () => {
    const m = await newMerchant();
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const forwardTo = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

    const child = spawn(
      "npx",
      npx(["listen", "--forward-to", forwardTo, "--key", m.sandboxKey, "--secret", m.webhookSecret, "--trigger", "deposit.completed", "--base-url", app.origin]),
      { cwd: project, stdio: ["ignore", "pipe", "pipe"], detached: true },
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
    try {
      const deadline = Date.now() + 30_000;
      while (!received.some((r) => r.body.includes("deposit.completed")) && Date.now() < deadline) await sleep(100);
      const delivered = received.find((r) => r.body.includes("deposit.completed"));
      expect(delivered, output).toBeDefined();
      const payload = new Webhook(m.webhookSecret).verify(delivered!.body, headersOf(delivered!.headers)) as { reference: string; status: string };
      expect(payload).toMatchObject({ status: "completed", reference: expect.stringMatching(/^DEP_TEST_/) });
      while (!output.includes("-> 204") && Date.now() < deadline) await sleep(50);
      expect(output).toMatch(/deposit\.completed +msg_\w{26}  DEP_TEST_\w+  -> 204 in \d+ ms/);
    } finally {
      // npx runs the bin in a child of its own: the signal goes to the whole group, as Ctrl-C does.
      process.kill(-child.pid!, "SIGINT");
      receiver.close();
    }
    // It stops: the bin ends with 0 on SIGINT; npm's own process re-raises the signal it got.
    const { code, signal } = await exited;
    expect(code === 0 || signal === "SIGINT", `exit ${code} ${signal}`).toBe(true);
  });
});
