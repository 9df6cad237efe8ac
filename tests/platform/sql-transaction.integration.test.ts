import { describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import type { Sql } from "@/lib/core/db/sql";
import { inSqlTransaction } from "@/lib/core/db/sql-transaction";
import { insideDbTransaction } from "@/lib/core/db/transaction-scope";

// inSqlTransaction (lib/core/db/sql-transaction.ts): direct SQL statements in one transaction of
// their own (a pool connection between BEGIN and COMMIT on PostgreSQL, PGlite's transaction()), or
// in the caller's Prisma transaction, on both engines.

const lockRow = (sql: Sql, merchantId: string) => sql(`INSERT INTO "BalanceLock" ("merchantId", environment, currency) VALUES ($1, 'sandbox', 'XOF')`, [merchantId]);
const lockRows = (merchantId: string) => db().balanceLock.count({ where: { merchantId } });
const transactionStart = async (sql: Sql) => (await sql(`SELECT now()::text AS at`, []))[0]!.at;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("inSqlTransaction", () => {
  it("runs its statements in one transaction (one start time), inside the operator-call guard's scope", async () => {
    const seen = await inSqlTransaction(db(), async (sql) => {
      const first = await transactionStart(sql);
      await sleep(20);
      return { first, second: await transactionStart(sql), inside: insideDbTransaction() };
    });
    expect(seen.second).toBe(seen.first);
    expect(seen.inside).toBe(true);
    expect(insideDbTransaction()).toBe(false);
    // Outside one, each statement is its own.
    const sql: Sql = (text, params) => db().$queryRawUnsafe(text, ...params);
    const first = await transactionStart(sql);
    await sleep(20);
    expect(await transactionStart(sql)).not.toBe(first);
  });

  it("commits its statements together, and rolls them all back when it throws or a statement fails", async () => {
    const merchantId = `sqltx_${Date.now()}`;
    await inSqlTransaction(db(), (sql) => lockRow(sql, `${merchantId}_committed`));
    expect(await lockRows(`${merchantId}_committed`)).toBe(1);

    const thrown = await inSqlTransaction(db(), async (sql) => {
      await lockRow(sql, `${merchantId}_thrown`);
      throw new Error("refused after the first statement");
    }).catch((error: Error) => error.message);
    expect(thrown).toBe("refused after the first statement");
    expect(await lockRows(`${merchantId}_thrown`)).toBe(0);

    const failed = await inSqlTransaction(db(), async (sql) => {
      await lockRow(sql, `${merchantId}_failed`);
      await lockRow(sql, `${merchantId}_failed`); // its primary key again
    }).catch(() => "failed");
    expect(failed).toBe("failed");
    expect(await lockRows(`${merchantId}_failed`)).toBe(0);
    // The connection went back to the pool usable.
    await inSqlTransaction(db(), (sql) => lockRow(sql, `${merchantId}_after`));
    expect(await lockRows(`${merchantId}_after`)).toBe(1);
  });

  it("joins the caller's Prisma transaction: it sees its writes and rolls back with it", async () => {
    const merchantId = `sqltx_joined_${Date.now()}`;
    const outcome = await db()
      .$transaction(async (tx) => {
        await tx.balanceLock.create({ data: { merchantId, environment: "sandbox", currency: "XOF" } });
        const seen = await inSqlTransaction(tx, async (sql) => {
          await lockRow(sql, `${merchantId}_2`);
          return (await sql(`SELECT count(*)::text AS n FROM "BalanceLock" WHERE "merchantId" LIKE $1`, [`${merchantId}%`]))[0]!.n;
        });
        expect(seen).toBe("2");
        throw new Error("the caller fails after");
      })
      .catch((error: Error) => error.message);
    expect(outcome).toBe("the caller fails after");
    expect(await lockRows(merchantId)).toBe(0);
    expect(await lockRows(`${merchantId}_2`)).toBe(0);
  });
});
