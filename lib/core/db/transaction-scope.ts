import { AsyncLocalStorage } from "node:async_hooks";
import type { PrismaClient } from "@prisma/client";

// Which code runs inside an open database transaction, so that a call that moves money outside
// (an operator) can refuse to run there: a transaction that rolls back after the operator paid
// leaves a payment with no record, and one that waits on the operator holds its locks and its
// connection for as long as the operator takes. The rule is "commit the intent, then call, then
// record" (docs/decisions.md, "Money out: phases and claims"); this makes breaking it fail loudly
// in every path and every test instead of only under load.

const scope = new AsyncLocalStorage<true>();

/** Whether the caller runs inside a transaction of the process's database: Prisma's interactive one, or a direct SQL one. */
export function insideDbTransaction(): boolean {
  return scope.getStore() === true;
}

/** Runs fn (and all it awaits) as inside a transaction: a direct SQL one (sql-transaction.ts) counts as Prisma's do. */
export function inTransactionScope<T>(fn: () => Promise<T>): Promise<T> {
  return scope.run(true, fn);
}

/**
 * The client with its interactive transactions marked: `$transaction(fn)` runs `fn` (and all it
 * awaits) inside the scope that insideDbTransaction() reads. Everything else is the client's own.
 * A Proxy rather than a subclass or an extension: Prisma's client extensions cannot wrap
 * `$transaction`, and the generated class is not meant to be subclassed.
 */
export function markTransactions(client: PrismaClient): PrismaClient {
  const transaction = ((input: unknown, options?: unknown) =>
    typeof input === "function"
      ? inTransactionScope(() => (client.$transaction as (fn: unknown, options?: unknown) => Promise<unknown>)(input, options))
      : (client.$transaction as (queries: unknown, options?: unknown) => Promise<unknown>)(input, options)) as PrismaClient["$transaction"];
  return new Proxy(client, {
    get(target, property) {
      if (property === "$transaction") return transaction;
      const value: unknown = Reflect.get(target, property, target);
      // Methods run on the client itself, never on the Proxy (the generated client keeps private state).
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
