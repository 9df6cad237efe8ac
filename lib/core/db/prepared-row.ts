import { sqlOn, type DbClient } from "./client";
import type { RowInsertStatement } from "./sql";

// A new row prepared before anything is written: the row as the database will hold it, its
// INSERT, and what follows its write (a job trigger). Written on its own (writePrepared), or with
// an Idempotency-Key's record in one statement (lib/surfaces/http/idempotency.ts).

export type PreparedRow<R> = { row: R; insert: RowInsertStatement; written?: () => void };

/** Writes the prepared row in `client` (the database, or an open transaction), then what follows it. */
export async function writePrepared<R>(client: DbClient, { row, insert, written }: PreparedRow<R>): Promise<R> {
  await sqlOn(client)(insert.text, insert.params);
  written?.();
  return row;
}
