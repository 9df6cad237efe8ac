import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// npm start's default worker count (scripts/worker-count.cjs, issue 47): every core, one left to a
// database on this machine, one on the embedded database, WEB_CONCURRENCY when set.
const { workerCount, databaseIsLocal } = createRequire(import.meta.url)("../../scripts/worker-count.cjs");

describe("npm start's workers", () => {
  it("leave a core to a database on this machine, and take every core when it is elsewhere", () => {
    expect(workerCount({ databaseUrl: "postgresql://postgres@127.0.0.1:5432/pcs", cores: 2 })).toEqual({ count: 1, reason: "a core left to the database on this machine" });
    expect(workerCount({ databaseUrl: "postgresql://app@localhost/pcs", cores: 8 }).count).toBe(7);
    expect(workerCount({ databaseUrl: "postgresql://app@[::1]:5432/pcs", cores: 4 }).count).toBe(3);
    expect(workerCount({ databaseUrl: "postgresql:///pcs?host=/var/run/postgresql", cores: 4 }).count).toBe(3);
    expect(workerCount({ databaseUrl: "postgresql://app@db.internal:5432/pcs", cores: 2 })).toEqual({ count: 2, reason: "every core" });
    expect(workerCount({ databaseUrl: "postgresql://app@postgres:5432/pcs", cores: 1 }).count).toBe(1);
    expect(workerCount({ databaseUrl: "postgresql://app@127.0.0.1/pcs", cores: 1 }).count).toBe(1);
  });

  it("are WEB_CONCURRENCY when set, and one on the embedded database whatever is asked", () => {
    expect(workerCount({ configured: "3", databaseUrl: "postgresql://postgres@127.0.0.1/pcs", cores: 2 })).toEqual({ count: 3, reason: "WEB_CONCURRENCY" });
    expect(workerCount({ configured: "0", databaseUrl: "postgresql://app@db/pcs", cores: 2 }).count).toBe(2);
    expect(workerCount({ configured: "4", databaseUrl: undefined, cores: 8 })).toEqual({ count: 1, reason: "embedded database" });
    expect(workerCount({ databaseUrl: undefined, cores: 8 })).toEqual({ count: 1, reason: "default" });
  });

  it("read a database's address as local only when it is", () => {
    expect(databaseIsLocal("postgresql://u@127.0.0.2/x")).toBe(true);
    expect(databaseIsLocal("postgresql://u@localhost.example.com/x")).toBe(false);
    expect(databaseIsLocal("not a url")).toBe(false);
  });
});
