import { Prisma } from "@prisma/client";
import type { DbClient } from "./client";

/** The tables whose due rows the sweep claims through a `claimedUntil` lease. */
export type ClaimedTable = "Deposit" | "PaymentLink" | "Transfer" | "Refund" | "PaymentAlert";

export type DueClaim = {
  ids: string[];
  /**
   * Marks a row whose work threw: the release leaves it claimed for FAILED_ROW_RETRY_MS instead
   * of giving it back. Otherwise a row that fails on every pass would stay first in line (the
   * oldest due) and take a batch slot on every pass: a batch's worth of them would starve the rest.
   */
  failed: (id: string) => void;
  /** Gives the rows back at once (for rows still pending afterwards, e.g. a live deposit re-checked later). */
  release: () => Promise<void>;
};

/** Long enough for a batch's work; a runner that dies holding a claim delays its rows this much at most. */
export const CLAIM_LEASE_MS = 30_000;

/** How long a row whose work threw waits before a runner tries it again. */
export const FAILED_ROW_RETRY_MS = 60_000;

/**
 * Takes up to `limit` due rows of `table` for this runner in one statement: the rows matching
 * `due` and not held by a live lease get `claimedUntil = now + lease`. `FOR UPDATE SKIP LOCKED`
 * makes runners that claim at the same moment (other processes, other machines) skip the rows
 * another is taking instead of waiting for it, then taking the same rows. The transitions
 * themselves stay conditional, so a lease that lapses mid-work costs a no-op, never a double.
 *
 * `due` is trusted SQL written in this folder (never user input), on the table's own columns.
 */
export async function claimDueRows(
  client: DbClient,
  table: ClaimedTable,
  options: { due: Prisma.Sql; orderBy: Prisma.Sql; limit: number; now: Date; leaseMs?: number },
): Promise<DueClaim> {
  const until = new Date(options.now.getTime() + (options.leaseMs ?? CLAIM_LEASE_MS));
  const name = Prisma.raw(`"${table}"`);
  const rows = await client.$queryRaw<{ id: string }[]>`
    UPDATE ${name} SET "claimedUntil" = ${until}::timestamp(3)
    WHERE "id" IN (
      SELECT "id" FROM ${name}
      WHERE (${options.due}) AND ("claimedUntil" IS NULL OR "claimedUntil" <= ${options.now}::timestamp(3))
      ORDER BY ${options.orderBy}
      LIMIT ${options.limit}::int
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id"`;
  const ids = rows.map((row) => row.id);
  const failed = new Set<string>();
  const retryAt = new Date(options.now.getTime() + FAILED_ROW_RETRY_MS);
  return {
    ids,
    failed: (id) => void failed.add(id),
    async release() {
      if (ids.length === 0) return;
      const next = failed.size
        ? Prisma.sql`CASE WHEN "id" IN (${Prisma.join([...failed])}) THEN ${retryAt}::timestamp(3) END`
        : Prisma.sql`NULL`;
      // Only our own lease: a row another runner re-claimed after ours lapsed stays its.
      await client.$executeRaw`
        UPDATE ${name} SET "claimedUntil" = ${next}
        WHERE "id" IN (${Prisma.join(ids)}) AND "claimedUntil" = ${until}::timestamp(3)`;
    },
  };
}
