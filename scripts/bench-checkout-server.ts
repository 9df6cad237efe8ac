// The checkout benches' server: the production build (run `npm run build` first) as `npm start`
// runs it, in one process (server/app-server.cjs), on a throwaway embedded database with one
// merchant ("Bench Shop") whose sandbox key the bench uses.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");

/** Starts it; `ready()` waits for its first answer (up to `startTries` x 200 ms), `stop()` ends it and drops its files. */
export function startCheckoutBenchServer(options: { port: number; tmpPrefix: string; startTries: number }) {
  const base = `http://127.0.0.1:${options.port}`;
  if (!fs.existsSync(path.join(".next", "BUILD_ID"))) {
    console.error("No production build: run `npm run build` first.");
    process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.tmpPrefix));
  // BETTER_AUTH_URL: a production server refuses to start without it (lib/surfaces/config/production-settings.ts).
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DATA_DIR: path.join(dataDir, "pglite"), LOG_LEVEL: "silent", NEXT_TELEMETRY_DISABLED: "1", BETTER_AUTH_URL: base };
  delete env.DATABASE_URL;
  const merchant: { sandboxKey: string } = JSON.parse(
    execFileSync(tsx, ["scripts/merchant-create.ts", "--name", "Bench Shop", "--json"], { env, encoding: "utf8" }).trim().split("\n").at(-1)!,
  );
  const server = spawn(process.execPath, [path.join("server", "app-server.cjs"), "--port", String(options.port)], { env, stdio: "ignore" });
  return {
    base,
    dataDir,
    merchant,
    async ready() {
      for (let i = 0; i < options.startTries; i++) {
        try {
          if ((await fetch(`${base}/public/gateways/deposit/list`)).ok) return;
        } catch {}
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error("server did not start");
    },
    stop() {
      server.kill("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
