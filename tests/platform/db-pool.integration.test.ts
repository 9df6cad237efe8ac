import { describe, expect, it } from "vitest";
import pg from "pg";
import { createPgPool } from "@/lib/core/db/pg-pool";

// The PostgreSQL pool outlives a connection the server ends while it is idle (a restart, a
// failover, pg_terminate_backend, a dropped database): the pool reports it as an "error" event,
// which without our listener is an uncaught error that ends the process (CI 2026-11-29: eleven of
// them when the test databases were dropped). PostgreSQL only.
describe.skipIf(!process.env.DATABASE_URL)("the PostgreSQL pool", () => {
  it("survives an idle connection ended by the server and answers the next query on a new one", async () => {
    const pool = createPgPool(process.env.DATABASE_URL!, 1);
    try {
      const { rows } = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query("SELECT pg_terminate_backend($1)", [rows[0].pid]);
      await admin.end();
      // The pool drops the ended connection (with no listener of ours, its "error" event would be
      // an uncaught exception here, which fails the run).
      await expect.poll(() => pool.totalCount).toBe(0);
      const again = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      expect(again.rows[0].pid).not.toBe(rows[0].pid);
    } finally {
      await pool.end();
    }
  });
});
