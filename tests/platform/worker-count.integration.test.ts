import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// npm start's default worker count (scripts/worker-count.cjs, issue 47): every core, wherever the
// database is; one on the embedded database; WEB_CONCURRENCY when set.
const { workerCount } = createRequire(import.meta.url)("../../scripts/worker-count.cjs");

describe("npm start's workers", () => {
  it("are one per core, the database on this machine or elsewhere", () => {
    expect(workerCount({ databaseUrl: "postgresql://postgres@127.0.0.1:5432/pcs", cores: 2 })).toEqual({ count: 2, reason: "every core" });
    expect(workerCount({ databaseUrl: "postgresql:///pcs?host=/var/run/postgresql", cores: 4 }).count).toBe(4);
    expect(workerCount({ databaseUrl: "postgresql://app@db.internal:5432/pcs", cores: 8 }).count).toBe(8);
    expect(workerCount({ databaseUrl: "postgresql://app@postgres:5432/pcs", cores: 1 }).count).toBe(1);
  });

  it("are WEB_CONCURRENCY when set, and one on the embedded database whatever is asked", () => {
    expect(workerCount({ configured: "3", databaseUrl: "postgresql://postgres@127.0.0.1/pcs", cores: 2 })).toEqual({ count: 3, reason: "WEB_CONCURRENCY" });
    expect(workerCount({ configured: "0", databaseUrl: "postgresql://app@db/pcs", cores: 2 }).count).toBe(2);
    expect(workerCount({ configured: "4", databaseUrl: undefined, cores: 8 })).toEqual({ count: 1, reason: "embedded database" });
    expect(workerCount({ databaseUrl: undefined, cores: 8 })).toEqual({ count: 1, reason: "default" });
  });
});
