import type { PrismaClient } from "@prisma/client";
import { directSql, sqlOn, type DbClient } from "./client";
import { committedHere } from "./in-transaction";
import type { Sql } from "./sql";
import { inTransactionScope } from "./transaction-scope";

/**
 * Runs fn's statements in one transaction, in direct SQL (sql.ts) when it can: on PostgreSQL one of
 * the pool's connections between BEGIN and COMMIT (ROLLBACK when fn throws), on PGlite its own
 * transaction(). Prisma's interactive transaction does the same at about a millisecond of CPU per
 * statement for its query compiler, and a round trip more to start. When `client` is already an
 * open transaction, fn's statements join it (through its raw queries) and it commits or rolls back
 * with it; a process without direct access makes a Prisma transaction.
 *
 * fn runs in the transaction scope (transaction-scope.ts): an operator call from it is refused as
 * from Prisma's. It must use only `sql`: a query on another connection while this one is held can
 * wait on this transaction's own locks, or on a pool this transaction helps exhaust.
 */
export function inSqlTransaction<T>(client: DbClient, fn: (sql: Sql) => Promise<T>): Promise<T> {
  if (!committedHere(client)) return fn(sqlOn(client));
  const direct = directSql(client);
  if (!direct) return (client as PrismaClient).$transaction((tx) => fn(sqlOn(tx)));
  return inTransactionScope(() => direct.transaction(fn));
}
