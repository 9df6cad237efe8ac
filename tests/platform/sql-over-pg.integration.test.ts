import { afterAll, describe, expect, it } from "vitest";
import { createPgPool } from "@/lib/core/db/pg-pool";
import { sqlOverPg } from "@/lib/core/db/sql";

// Direct SQL on PostgreSQL prepares each statement once per connection (lib/core/db/sql.ts). PGlite
// has no such path: this file runs only with DATABASE_URL (CI runs the suite on both).
const url = process.env.DATABASE_URL;
const pool = url ? createPgPool(url, 1) : null;
afterAll(() => pool?.end());

// By statement: names are a process-wide counter (pcs_9, pcs_10...), so their order depends on
// what other tests in this process prepared before.
const preparedOnConnection = async () =>
  (await pool!.query<{ name: string; statement: string }>("SELECT name, statement FROM pg_prepared_statements ORDER BY statement")).rows;

describe.skipIf(!url)("sqlOverPg", () => {
  it("prepares a statement once per connection and reuses it with other values", async () => {
    const sql = sqlOverPg(pool!);
    expect(await sql("SELECT $1::text AS a", ["x"])).toEqual([{ a: "x" }]);
    expect(await sql("SELECT $1::text AS a", ["y"])).toEqual([{ a: "y" }]);
    expect(await sql("SELECT $1::text AS b", [null])).toEqual([{ b: null }]);
    const prepared = await preparedOnConnection();
    expect(prepared.map((p) => p.statement)).toEqual(["SELECT $1::text AS a", "SELECT $1::text AS b"]);
  });

  it("prepares nothing when turned off (a pooler that cannot keep prepared statements)", async () => {
    const before = (await preparedOnConnection()).length;
    const sql = sqlOverPg(pool!, false);
    expect(await sql("SELECT $1::text AS c", ["z"])).toEqual([{ c: "z" }]);
    expect(await preparedOnConnection()).toHaveLength(before);
  });
});
