import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { authSecret } from "./auth-secret";

const env = (values: Record<string, string>) => values as unknown as NodeJS.ProcessEnv;

describe("authSecret", () => {
  it("takes BETTER_AUTH_SECRET when set", () => {
    expect(authSecret(env({ BETTER_AUTH_SECRET: "configured-secret", NODE_ENV: "production" }))).toBe("configured-secret");
  });

  it("writes a random secret beside the embedded database once and keeps it across starts", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-secret-"));
    const values = env({ PGLITE_DATA_DIR: path.join(dir, "pglite"), NODE_ENV: "production" });
    const first = authSecret(values);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(authSecret(values)).toBe(first);
    expect((fs.statSync(path.join(dir, "auth-secret")).mode & 0o777).toString(8)).toBe("600");
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "auth-secret-"));
    expect(authSecret(env({ PGLITE_DATA_DIR: path.join(other, "pglite") }))).not.toBe(first);
  });

  it("refuses to run a production server on PostgreSQL without a secret", () => {
    expect(() => authSecret(env({ DATABASE_URL: "postgresql://x@127.0.0.1/db", NODE_ENV: "production" }))).toThrow(/BETTER_AUTH_SECRET/);
  });
});
