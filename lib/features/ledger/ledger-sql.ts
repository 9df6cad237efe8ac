import type { LedgerEntry } from "@prisma/client";
import { rowInsertStatement, type RowInsertStatement, type Statement } from "@/lib/core/db/sql";
import type { Environment } from "@/lib/core/domain/environment";
import { ACCOUNTS } from "./accounts";
import { journalEntries, type Posting } from "./post-entries";

// The ledger in direct SQL (why: lib/core/db/sql.ts), for the intents that hold money under the
// balance lock (lib/core/db/locked-write.ts): a posting's entries as INSERTs, the same rows as
// postEntries writes through Prisma (journalEntries: balanced, zero lines left out), and the
// available balance as a part of the statement that checks it.

const entryInsert = rowInsertStatement<LedgerEntry>("LedgerEntry", {
  id: "", journalId: "", merchantId: "", environment: '"Environment"', currency: "", account: "", amountMinor: "bigint", kind: "",
  reference: "", createdAt: "timestamp(3)",
});

/** One balanced journal's entries as INSERTs, not yet run; throws on an unbalanced posting. */
export function postingInserts(posting: Posting): RowInsertStatement[] {
  return journalEntries([posting]).entries.map(entryInsert);
}

/**
 * The available balance of one currency as a WITH part, `available (minor)`: read under the
 * balance lock, in a statement begun after it was granted (locked-write.ts).
 */
export function availableRead(merchantId: string, environment: Environment, currency: string): Statement {
  return {
    text:
      `available AS (SELECT COALESCE(SUM("amountMinor"), 0)::bigint AS minor FROM "LedgerEntry" ` +
      `WHERE "merchantId" = $1 AND environment = $2::"Environment" AND currency = $3 AND account = $4)`,
    params: [merchantId, environment, currency, ACCOUNTS.available],
  };
}
