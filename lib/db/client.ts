import { Prisma, PrismaClient } from "@prisma/client";
import { createAdapter } from "./adapter";

export type Db = PrismaClient;
/** A client or an open transaction: domain functions accept either. */
export type DbClient = PrismaClient | Prisma.TransactionClient;

type Handle = { client: PrismaClient; close: () => Promise<void> };
const globalForDb = globalThis as unknown as { __pcsDb?: Handle };

/**
 * The process-wide Prisma client. Opened lazily so that `next build` and imports never touch
 * the database; kept on globalThis so dev-mode module reloads reuse the one PGlite instance.
 */
export function db(): PrismaClient {
  if (!globalForDb.__pcsDb) {
    const { adapter, close } = createAdapter();
    globalForDb.__pcsDb = { client: new PrismaClient({ adapter }), close };
  }
  return globalForDb.__pcsDb.client;
}

/** Tests install their own client (an in-memory PGlite per worker). */
export function setDb(client: PrismaClient, close: () => Promise<void> = async () => {}) {
  globalForDb.__pcsDb = { client, close };
}

/** Disconnects and closes the database under it (PGlite or the pg pool), so a script can exit. */
export async function closeDb() {
  const handle = globalForDb.__pcsDb;
  globalForDb.__pcsDb = undefined;
  if (!handle) return;
  await handle.client.$disconnect();
  await handle.close();
}
