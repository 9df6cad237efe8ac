import type { Prisma } from "@prisma/client";
import pLimit from "p-limit";
import { claimDueRows, type ClaimedTable } from "./claim-due-rows";
import type { DbClient } from "./client";

/** How many rows of one key (an operator) may be worked on at once. */
export type Pace<T> = { keyOf(row: T): string; concurrency(key: string): number };

export type DueRowWork<T> = {
  /** The claimed rows' data, read after the claim; without it, each row is its id alone. */
  load?: (ids: string[]) => Promise<T[]>;
  /** Without it, one row at a time: each may be a call to a provider that rate-limits. */
  pace?: Pace<NoInfer<T>>;
  /** One row's work: true (or a number) for what the pass counts. */
  work: (row: T) => Promise<boolean | number>;
  /** Told of a row whose work threw, to log it. */
  failed: (row: T, error: unknown) => void | Promise<void>;
};

/**
 * Claims up to `limit` due rows of `table` (claimDueRows: a lease, so runners in several processes
 * and machines work on disjoint rows, and one that dies leaves its rows to the others once the
 * lease lapses) and works through them. A row whose work throws is kept claimed a while (the
 * claim's `failed`), so one bad row never holds the others back nor comes first on every pass. The
 * claim is released whatever happens. Returns how many rows were claimed and what `work` counted.
 */
export async function eachDueRow<T extends { id: string }>(
  client: DbClient,
  table: ClaimedTable,
  claim: { due: Prisma.Sql; orderBy: Prisma.Sql; limit: number; now: Date },
  how: DueRowWork<T>,
): Promise<{ claimed: number; counted: number }> {
  const rows = await claimDueRows(client, table, claim);
  let counted = 0;
  try {
    const loaded = rows.ids.length === 0 ? [] : how.load ? await how.load(rows.ids) : rows.ids.map((id) => ({ id }) as T);
    const one = async (row: T) => {
      try {
        // Awaited before the sum: `counted += await ...` reads counted first, and rows worked side
        // by side (a pace) would each add to the value from before the others finished.
        const worked = Number(await how.work(row));
        counted += worked;
      } catch (error) {
        rows.failed(row.id);
        await how.failed(row, error);
      }
    };
    const { pace } = how;
    if (!pace) {
      for (const row of loaded) await one(row);
    } else {
      const limits = new Map<string, ReturnType<typeof pLimit>>();
      const limitOf = (key: string) => limits.get(key) ?? limits.set(key, pLimit(pace.concurrency(key))).get(key)!;
      await Promise.all(loaded.map((row) => limitOf(pace.keyOf(row))(() => one(row))));
    }
  } finally {
    await rows.release();
  }
  return { claimed: rows.ids.length, counted };
}

/** A pace of `concurrency` rows at once, whatever the row. */
export const atOnce = (concurrency: number): Pace<unknown> => ({ keyOf: () => "", concurrency: () => concurrency });
