import { AsyncLocalStorage } from "node:async_hooks";
import type { Prisma, PrismaClient } from "@prisma/client";

// better-auth runs sign-up (user, then credential account) in one Prisma interactive transaction
// (prismaAdapter's `transaction: true`) but hands its hooks no handle on it. The client given to
// the adapter is wrapped so that every interactive transaction it opens is remembered for the
// code running inside it: a hook can then write our own rows (the merchant) in the same
// transaction, and a failure there rolls the user back with them.
const open = new AsyncLocalStorage<Prisma.TransactionClient>();

type TransactionFn = (tx: Prisma.TransactionClient) => Promise<unknown>;

export function rememberingTransactions(client: PrismaClient): PrismaClient {
  const $transaction = (arg: TransactionFn | Prisma.PrismaPromise<unknown>[], options?: object) =>
    typeof arg === "function"
      ? client.$transaction((tx) => open.run(tx, () => arg(tx)), options)
      : client.$transaction(arg, options);
  return new Proxy(client, {
    get(target, property) {
      if (property === "$transaction") return $transaction;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The interactive transaction the caller runs in, when one was opened by a remembering client. */
export function openTransaction(): Prisma.TransactionClient | undefined {
  return open.getStore();
}
