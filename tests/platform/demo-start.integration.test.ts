import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";

// The first start on an empty embedded database (scripts/prepare-db.ts, run by npm run dev and
// npm start): a demo merchant whose sandbox key and dashboard login are printed, and nothing that
// moves real money: no live key on the screen, live payments not activated (issue 51).

describe("the demo merchant of a first start", () => {
  it("prints its sandbox key and login, never a live key, and is not live", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pcs-demo-"));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DATA_DIR: dataDir, PORT: "3999" };
      delete env.DATABASE_URL;
      const out = execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/prepare-db.ts"], { env, encoding: "utf8" });
      expect(out).toMatch(/sk_test_[0-9A-Za-z]{40}/);
      expect(out).toContain("demo@example.com");
      expect(out).not.toMatch(/sk_live_/);
      const pg = new PGlite(dataDir);
      const { rows } = await pg.query<{ live: string | null }>(`SELECT "liveActivatedAt"::text AS live FROM "Merchant" WHERE name = 'Demo merchant'`);
      await pg.close();
      expect(rows).toEqual([{ live: null }]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
