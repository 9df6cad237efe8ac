import { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { eachDueRow } from "@/lib/core/db/each-due-row";
import { errorFields, log } from "@/lib/core/logging/log";
import type { MoneyOutForGateway } from "@/lib/integrations/gateways/adapter";
import { bookLateSuccess } from "./book-late-success";
import { stepReleasedMoneyOut } from "./follow-released";
import type { MoneyOutKind, MoneyOutRecord } from "./money-out-kind";

/**
 * The live rows of a kind released on "no record" whose next read is due (`all`: every one still
 * followed), read at their operator, up to `batchSize`, claimed with a lease like the pending ones
 * (lib/core/db/each-due-row.ts); one paid after all is booked again, once (book-late-success.ts). Returns how
 * many were booked, and how many were claimed.
 */
export async function followReleasedMoneyOut<R extends MoneyOutRecord, T extends MoneyOutForGateway>(
  client: DbClient,
  kind: MoneyOutKind<R, T>,
  now: Date,
  options: { batchSize?: number; all?: boolean } = {},
): Promise<{ booked: number; claimed: number }> {
  const due = options.all ? Prisma.sql`"dueAt" IS NOT NULL` : Prisma.sql`"dueAt" <= ${now}::timestamp(3)`;
  const { counted, claimed } = await eachDueRow(
    client,
    kind.sqlTable,
    { due: Prisma.sql`"status" = 'failed' AND "environment" = 'live' AND "followUntil" IS NOT NULL AND ${due}`, orderBy: Prisma.sql`"dueAt"`, limit: options.batchSize ?? 100, now },
    {
      load: (ids) => kind.findDue(client, ids),
      work: async (row) => stepReleasedMoneyOut(client, kind.table, row, await kind.operator(client, row), (outcome) => bookLateSuccess(client, kind, { id: row.id, outcome, now }), now),
      failed: (row, error) => log("error", `released ${kind.table} read failed`, { id: row.id, ...errorFields(error) }),
    },
  );
  return { booked: counted, claimed };
}
