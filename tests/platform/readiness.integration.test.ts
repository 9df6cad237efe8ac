import { afterEach, describe, expect, it } from "vitest";
import { db, sqlOn } from "@/lib/core/db/client";
import { forgetRunnerHeartbeat, RUNNER_SILENCE_MS, runnerBeat } from "@/lib/features/jobs/runner-heartbeat";
import { call } from "../helpers/api-client";

// GET /api/health/ready (issue 48): ready when the database answers with every migration of the
// build applied and the due-work runner is alive (or Inngest runs the jobs); 503 naming the check
// that failed otherwise. The tests' processes run no embedded runner: each test beats for it.

const ready = () => call("GET", "/api/health/ready");

afterEach(() => forgetRunnerHeartbeat());

describe("GET /api/health/ready", () => {
  it("answers 200 with its checks when all pass, never cached, and the liveness probe still answers alone", async () => {
    runnerBeat();
    const res = await ready();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toEqual({ status: "ready", checks: { database: { ok: true }, migrations: { ok: true }, runner: { ok: true, runner: "embedded" } } });
    expect((await call("GET", "/api/health")).body).toEqual({ status: "ok" });
  });

  it("is not ready while the runner has not started, or has been silent too long", async () => {
    let res = await ready();
    expect(res.status).toBe(503);
    expect(res.body.status).toBe("not_ready");
    expect(res.body.checks.runner).toEqual({ ok: false, runner: "embedded", reason: "not started" });

    runnerBeat(Date.now() - RUNNER_SILENCE_MS - 5_000);
    res = await ready();
    expect(res.status).toBe(503);
    expect(res.body.checks.runner).toMatchObject({ ok: false, reason: expect.stringMatching(/^silent for 6\d s$/) });
    expect(res.body.checks.database).toEqual({ ok: true });
  });

  it("expects no runner when Inngest runs the jobs", async () => {
    process.env.INNGEST_DEV = "1";
    try {
      const res = await ready();
      expect(res.status).toBe(200);
      expect(res.body.checks.runner).toEqual({ ok: true, runner: "inngest" });
    } finally {
      delete process.env.INNGEST_DEV;
    }
  });

  it("is not ready when a migration of the build is missing from the database", async () => {
    runnerBeat();
    const sql = sqlOn(db());
    const [last] = await sql(`SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`, []);
    await sql(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = $1`, [last.migration_name]);
    try {
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.body.checks).toEqual({ database: { ok: true }, migrations: { ok: false, reason: "1 not applied" }, runner: { ok: true, runner: "embedded" } });
    } finally {
      await sql(`UPDATE "_prisma_migrations" SET rolled_back_at = NULL WHERE migration_name = $1`, [last.migration_name]);
    }
  });

  it("is not ready when the database does not answer, and says so without the driver's words", async () => {
    runnerBeat();
    // The file's database, its connections refusing as a stopped server's do (a PGlite of its own,
    // closed, took 7 s to load for the same answer).
    const global = globalThis as unknown as { __pcsDb?: { sql: unknown } };
    const installed = global.__pcsDb!;
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.1.2.3:5432"), { code: "ECONNREFUSED" });
    global.__pcsDb = { ...installed, sql: () => Promise.reject(refused) };
    try {
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.body.checks).toEqual({ database: { ok: false, reason: "unreachable" }, migrations: { ok: false, reason: "not checked" }, runner: { ok: true, runner: "embedded" } });
    } finally {
      global.__pcsDb = installed;
    }
  });
});
