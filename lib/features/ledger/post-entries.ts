import type { LedgerEntry, Prisma } from "@prisma/client";
import { ulid } from "@/lib/core/domain/ulid";
import type { Environment } from "@/lib/core/domain/environment";
import type { Account } from "./accounts";
import type { LedgerKind } from "./ledger-kinds";

export type Posting = {
  merchantId: string;
  environment: Environment;
  currency: string;
  kind: LedgerKind;
  reference: string;
  /** Signed amounts per account; they must sum to zero. Zero lines are left out. */
  lines: [Account, bigint][];
  at?: Date;
};

/**
 * Writes one balanced journal: the entries of a posting sum to zero or nothing is written. Call it
 * inside the transaction of the state change that causes it, so money moves with the status.
 */
export async function postEntries(tx: Prisma.TransactionClient, posting: Posting): Promise<string> {
  return (await postEntriesMany(tx, [posting]))[0];
}

/**
 * Several balanced journals in one statement (a batch of settlements): each posting is checked
 * before anything is written, so one unbalanced posting writes none of them.
 */
export async function postEntriesMany(tx: Prisma.TransactionClient, postings: Posting[]): Promise<string[]> {
  const { journalIds, entries } = journalEntries(postings);
  if (entries.length > 0) await tx.ledgerEntry.createMany({ data: entries });
  return journalIds;
}

/**
 * The rows of balanced journals, one journal per posting, checked before anything is written: what
 * postEntriesMany writes through Prisma and ledger-sql.ts in direct SQL. Throws on an unbalanced posting.
 */
export function journalEntries(postings: Posting[]): { journalIds: string[]; entries: LedgerEntry[] } {
  for (const posting of postings) {
    const sum = posting.lines.reduce((total, [, amount]) => total + amount, 0n);
    if (sum !== 0n) throw new Error(`unbalanced posting ${posting.kind} ${posting.reference}: ${sum}`);
  }
  const journals = postings.map((posting) => ({ posting, journalId: `jnl_${ulid()}`, createdAt: posting.at ?? new Date() }));
  const entries = journals.flatMap(({ posting, journalId, createdAt }) =>
    posting.lines
      .filter(([, amount]) => amount !== 0n)
      .map(([account, amountMinor]): LedgerEntry => ({
        id: `led_${ulid()}`,
        journalId,
        merchantId: posting.merchantId,
        environment: posting.environment,
        currency: posting.currency,
        account,
        amountMinor,
        kind: posting.kind,
        reference: posting.reference,
        createdAt,
      })),
  );
  return { journalIds: journals.map((journal) => journal.journalId), entries };
}
