import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// No prisma command may hang, whatever a stopped process left in the data directory: npm's
// postinstall runs `prisma generate`, and prisma.config.ts's adapter once opened the embedded
// database for every command (even `prisma -v`), which then kept the process alive for ever
// (lib/core/db/cli-adapter.ts). Each command runs as a user runs it, with a deadline it must beat.

const prisma = path.join(process.cwd(), "node_modules", ".bin", "prisma");
const DEADLINE_MS = 60_000;

function prismaCommand(args: string[], env: Record<string, string>) {
  return spawnSync(prisma, args, { env: { ...process.env, ...env }, encoding: "utf8", timeout: DEADLINE_MS });
}

/** Exited by itself (spawnSync kills it with SIGTERM at the deadline, and says so in `signal`). */
function expectExited(result: ReturnType<typeof prismaCommand>, status = 0) {
  expect(result.signal, `${result.stdout}\n${result.stderr}`).toBeNull();
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(status);
}

/** A process that opens the database and is killed with it open, as a stopped `npm run dev` or build leaves it. */
async function killWhileOpen(dataDir: string) {
  // Node itself with tsx's loader, not tsx's command, which runs the script in a child that a
  // SIGKILL of tsx does not reach. The interval keeps it running as a server's socket would: an
  // open PGlite alone keeps Node 22 alive but not Node 26, which then exits and removes the lock.
  const child = spawn(process.execPath, ["--import", "tsx", "-e", `import("./lib/core/db/adapter").then(async ({ openPGlite }) => { const { pglite } = openPGlite(${JSON.stringify(dataDir)}); await pglite.query("select 1"); console.log("open"); setInterval(() => {}, 60_000); })`], {
    env: { ...process.env, DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("open") && resolve());
    child.on("exit", (code) => reject(new Error(`the opener exited (${code}) before opening`)));
  });
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));
}

describe.skipIf(Boolean(process.env.DATABASE_URL))("the prisma CLI on the embedded database", () => {
  it("exits after every command, on a fresh directory and on one a killed process left open", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pcs-prisma-cli-"));
    const env = { DATABASE_URL: "", PGLITE_DATA_DIR: path.join(dir, "pglite") };
    try {
      expectExited(prismaCommand(["migrate", "deploy"], env));
      await killWhileOpen(env.PGLITE_DATA_DIR);
      // What the killed process left: our lock with a dead pid, and Postgres' own pid file.
      expect(fs.existsSync(path.join(env.PGLITE_DATA_DIR, "pcs.lock"))).toBe(true);
      expect(fs.existsSync(path.join(env.PGLITE_DATA_DIR, "postmaster.pid"))).toBe(true);

      const version = prismaCommand(["-v"], env);
      expectExited(version);
      expect(version.stdout).toContain("pglite-prisma-adapter");
      expectExited(prismaCommand(["validate"], env));
      const status = prismaCommand(["migrate", "status"], env);
      expectExited(status);
      expect(status.stdout).toContain("Database schema is up to date");

      // While a live process holds the directory (this runner, as the server would), a command
      // that needs the database refuses with the reason, and one that does not still works.
      fs.writeFileSync(path.join(env.PGLITE_DATA_DIR, "pcs.lock"), String(process.pid));
      const busy = prismaCommand(["migrate", "status"], env);
      expect(busy.signal).toBeNull();
      expect(busy.status).not.toBe(0);
      expect(`${busy.stdout}${busy.stderr}`).toContain(`in use by another process (pid ${process.pid})`);
      expectExited(prismaCommand(["-v"], env));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 5 * DEADLINE_MS);
});

describe.skipIf(!process.env.DATABASE_URL)("the prisma CLI on PostgreSQL", () => {
  it("exits after a command that connects", () => {
    const status = prismaCommand(["migrate", "status"], {});
    expectExited(status);
    expect(status.stdout).toContain("Database schema is up to date");
  }, DEADLINE_MS + 5_000);
});
