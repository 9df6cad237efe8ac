// Issue 51, item 7: the command-line scripts while the embedded server runs. PGlite is one
// process's database, so a script finding the data directory held by a live process sends its
// command to that process's owner-only socket (lib/surfaces/cli/admin-socket.ts), which runs it on
// its own connection. Here this test process plays the server: it holds the directory's lock and
// serves the socket over the test's database; the scripts run as real child processes.
// (e2e/browser/support-staff.spec.ts runs staff:create against the real embedded server.)
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { adminSocketPath, openAdminSocket } from "@/lib/surfaces/cli/admin-socket";

const run = promisify(execFile);
let dataDir: string;
let close: (() => void) | null = null;

/** A script run as `npm run <name>` runs it, on the data directory this test holds. */
async function script(file: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(path.join("node_modules", ".bin", "tsx"), [file, ...args], { env, encoding: "utf8" });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Raw bytes to the socket, and what comes back. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.createConnection(adminSocketPath(dataDir), () => socket.write(text));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pcs-cli-"));
  // The "server" holds the data directory: its pid in the lock, as lib/core/db/pglite-lock.ts writes it.
  fs.writeFileSync(path.join(dataDir, "pcs.lock"), String(process.pid));
  close = await openAdminSocket(dataDir);
});

afterAll(() => {
  close?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the scripts while the embedded server holds the database", () => {
  it("staff:create and staff:disable run in the server, on its database", async () => {
    const email = `cli-${Date.now()}@example.com`;
    const created = await script("scripts/staff-create.ts", ["--email", email, "--role", "support"]);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`Staff ${email} (support) created.`);
    expect(created.stdout).toMatch(/One-time password: \S{12,}/);
    // Written by the server's connection: the test's database has it.
    expect(await db().user.findUnique({ where: { email }, select: { staffRole: true } })).toEqual({ staffRole: "support" });

    const again = await script("scripts/staff-create.ts", ["--email", email, "--role", "admin"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already staff");

    const disabled = await script("scripts/staff-disable.ts", ["--email", email]);
    expect(disabled.code).toBe(0);
    expect(disabled.stdout).toContain(`${email} is disabled`);
    expect((await db().user.findUnique({ where: { email }, select: { disabledAt: true } }))?.disabledAt).toBeInstanceOf(Date);
  }, 120_000);

  it("merchant:create and reconcile too", async () => {
    const merchant = await script("scripts/merchant-create.ts", ["--name", "Boutique CLI", "--json"]);
    expect(merchant.code).toBe(0);
    const { id } = JSON.parse(merchant.stdout) as { id: string };
    expect(await db().merchant.findUnique({ where: { id }, select: { name: true } })).toEqual({ name: "Boutique CLI" });
    const reconciled = await script("scripts/reconcile.ts", ["--check-only", "--json"]);
    expect([0, 1]).toContain(reconciled.code);
    expect(JSON.parse(reconciled.stdout)).toHaveProperty("problems");
  }, 120_000);

  it("is the data directory owner's alone, and runs only its commands", async () => {
    expect(fs.statSync(path.dirname(adminSocketPath(dataDir))).mode & 0o777).toBe(0o700);
    expect(fs.statSync(adminSocketPath(dataDir)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await raw("not json\n"))).toMatchObject({ exitCode: 2, stderr: ["Malformed request"] });
    expect(JSON.parse(await raw(`${JSON.stringify({ command: "db:drop", args: {} })}\n`))).toMatchObject({ exitCode: 2, stderr: ["Unknown command db:drop"] });
    // An option of another type than the script's is no option: the usage, nothing made.
    expect(JSON.parse(await raw(`${JSON.stringify({ command: "staff:create", args: { email: { $ne: "" }, role: "admin" } })}\n`))).toMatchObject({ exitCode: 2 });
    expect(JSON.parse(await raw(`${"x".repeat(70 * 1024)}`))).toMatchObject({ exitCode: 2, stderr: ["Request too large"] });
  });

  it("without a socket, a script still refuses a held database and says why", async () => {
    close?.();
    close = null;
    const refused = await script("scripts/staff-create.ts", ["--email", "nobody@example.com", "--role", "support"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("in use by another process");
    expect(await db().user.findUnique({ where: { email: "nobody@example.com" } })).toBeNull();
  }, 120_000);
});
