import { PrismaClient } from "@prisma/client";
import { createAdapter } from "@/lib/core/db/adapter";
import { db, type DbClient } from "@/lib/core/db/client";

/** A second connection pool, as another process has; PGlite is single-process: the same client. */
export function secondProcess(): { client: DbClient; close: () => Promise<void> } {
  if (!process.env.DATABASE_URL) return { client: db(), close: async () => {} };
  const { adapter, close } = createAdapter();
  const client = new PrismaClient({ adapter });
  return { client, close: async () => (await client.$disconnect(), await close()) };
}
