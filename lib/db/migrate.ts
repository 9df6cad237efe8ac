import { spawnSync } from "node:child_process";
import path from "node:path";

/**
 * Applies the committed migrations with `prisma migrate deploy` (the WASM schema engine over our
 * driver adapter, see prisma.config.ts). Runs in a child process that opens and closes the
 * database itself, so call it before this process opens an embedded database.
 */
export function runMigrations() {
  const cli = path.join(process.cwd(), "node_modules", "prisma", "build", "index.js");
  const result = spawnSync(process.execPath, [cli, "migrate", "deploy"], { encoding: "utf8", env: process.env });
  if (result.status !== 0) {
    throw new Error(`prisma migrate deploy failed:\n${result.stdout}\n${result.stderr}`);
  }
}
