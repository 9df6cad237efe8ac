import type { Prisma, PrismaClient } from "@prisma/client";
import type { DbClient } from "./client";

/** Runs fn in a transaction: a new one on the root client, or the caller's when already in one. */
export function inTransaction<T>(client: DbClient, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return "$transaction" in client ? (client as PrismaClient).$transaction(fn) : fn(client);
}

/** Whether inTransaction(client, ...) commits its own transaction (a root client), rather than joining the caller's. */
export function committedHere(client: DbClient): boolean {
  return "$transaction" in client;
}
