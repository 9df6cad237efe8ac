import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect } from "@playwright/test";

// `npm start`'s launcher (scripts/start-server.cjs) on a database of a spec's own, for the specs
// that need the production server with settings of their own (the metrics' cluster, the traces):
// the migrations and catalog, one merchant, then the launcher, once each of its workers logs that
// it listens.

const root = path.join(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");

export type LaunchedMerchant = { sandboxKey: string; liveKey: string };

export async function startLauncher(options: { env: NodeJS.ProcessEnv; port: number; workers: number; merchantName: string }): Promise<{ launcher: ChildProcess; merchant: LaunchedMerchant }> {
  const { env, port, workers, merchantName } = options;
  execFileSync(tsx, ["scripts/prepare-db.ts"], { cwd: root, env, stdio: "ignore" });
  const created = execFileSync(tsx, ["scripts/merchant-create.ts", "--name", merchantName, "--json"], { cwd: root, env, encoding: "utf8" });
  const merchant: LaunchedMerchant = JSON.parse(created.trim().split("\n").at(-1)!);
  const launcher = spawn(process.execPath, [path.join(root, "scripts", "start-server.cjs"), "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let listening = 0;
  launcher.stdout!.setEncoding("utf8");
  launcher.stdout!.on("data", (chunk: string) => (listening += chunk.split('"msg":"server listening"').length - 1));
  await expect.poll(() => listening, { timeout: 90_000 }).toBe(workers);
  return { launcher, merchant };
}
