import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// `npm run merchant:create -- --name "Acme" --json`, run as a user would, as a separate process.
function merchantCreate(env: Record<string, string>, name = "Acme") {
  const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
  return spawnSync(tsx, ["scripts/merchant-create.ts", "--name", name, "--json"], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 90_000,
  });
}

function expectCreated(result: ReturnType<typeof merchantCreate>, name: string) {
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  const merchant = JSON.parse(result.stdout);
  expect(Object.keys(merchant)).toEqual(["id", "name", "sandboxKey", "liveKey", "webhookSecret"]);
  expect(merchant.name).toBe(name);
  expect(merchant.sandboxKey).toMatch(/^sk_test_/);
  expect(merchant.liveKey).toMatch(/^sk_live_/);
  expect(merchant.webhookSecret).toMatch(/^whsec_/);
}

const embedded = { DATABASE_URL: "" };

describe.skipIf(Boolean(process.env.DATABASE_URL))("merchant:create on the embedded database", () => {
  it("works on a fresh directory, again once stopped, and refuses while a process holds it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pcs-cli-"));
    const dataDir = path.join(dir, "pglite");
    expectCreated(merchantCreate({ ...embedded, PGLITE_DATA_DIR: dataDir }, "Fresh"), "Fresh");
    expectCreated(merchantCreate({ ...embedded, PGLITE_DATA_DIR: dataDir }, "Second"), "Second");

    // A live process (this test runner) holds the directory, as the server would.
    fs.writeFileSync(path.join(dataDir, "pcs.lock"), String(process.pid));
    const refused = merchantCreate({ ...embedded, PGLITE_DATA_DIR: dataDir });
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain(`in use by another process (pid ${process.pid})`);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)("merchant:create on PostgreSQL", () => {
  it("creates a merchant", () => {
    expectCreated(merchantCreate({}, "Pg merchant"), "Pg merchant");
  }, 60_000);
});
