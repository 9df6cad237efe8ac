import type { DbClient } from "@/lib/core/db/client";
import { DEFAULT_LOCALE } from "@/lib/core/i18n/locales";
import { formatMinor } from "@/lib/core/domain/money";
import { errorFields, log } from "@/lib/core/logging/log";
import type { GatewayOutcome, MoneyOutAdapter, MoneyOutForGateway } from "@/lib/integrations/gateways/adapter";
import { amountMismatch, operatorAnswer } from "@/lib/integrations/gateways/operators/operator-answer";
import { lateSuccessMail } from "@/lib/integrations/mail/late-success-mail";
import { mailAdmins } from "@/lib/features/staff/mail-admins";
import { releasedFollowMs } from "./money-out-settings";
import { RELEASED_ON_NO_RECORD, UNRESOLVED_READ_EVERY_MS } from "./plan-after-step";
import { moneyOutTable, type MoneyOutTableName } from "./send-claim";

// A payout or a refund whose funds we released because its operator had no record of it (our
// give-up, RELEASED_ON_NO_RECORD, not the operator's own "failed") may still show up there paid:
// an operator's reads can lag behind what it took. So it is read on for MONEY_OUT_RELEASED_FOLLOW_DAYS,
// hourly, as a deposit is after our expiry, and a success found then is booked again: the merchant
// debited once more (its balance may go below zero: the money did leave), the row completed late,
// the admins mailed. Each read is an operator call: never inside a transaction.

type FinalOutcome = Extract<GatewayOutcome, { status: "completed" | "failed" }>;
export type LateSuccess = Extract<GatewayOutcome, { status: "completed" }>;

/** Until when a release is followed, and its first read. */
export type ReleasedFollow = { followUntil: Date; dueAt: Date };

/** The reads after a final outcome: only a release on "no record" has any. */
export function followAfterRelease(outcome: FinalOutcome, now: Date): ReleasedFollow | null {
  if (outcome.status !== "failed" || outcome.reason !== RELEASED_ON_NO_RECORD) return null;
  return { followUntil: new Date(now.getTime() + releasedFollowMs()), dueAt: new Date(now.getTime() + UNRESOLVED_READ_EVERY_MS) };
}

/** What one read of a released item says: paid after all, over (the operator's own final "failed"), or nothing yet. */
export type ReleasedRead = { kind: "paid"; outcome: LateSuccess; answer: string } | { kind: "over" | "again"; answer: string };

export async function readReleased<T extends MoneyOutForGateway>(item: T, adapter: MoneyOutAdapter<T>): Promise<ReleasedRead> {
  let known: GatewayOutcome | "not_found" | "unreadable";
  try {
    known = await adapter.status(item);
  } catch (error) {
    return { kind: "again", answer: operatorAnswer(error) };
  }
  if (known === "not_found" || known === "unreadable") return { kind: "again", answer: known === "not_found" ? "not found" : "not readable back" };
  if (known.status === "completed") {
    // Other figures than ours complete nothing here either: support reads the answer.
    const mismatch = amountMismatch(known, item);
    return mismatch ? { kind: "again", answer: mismatch } : { kind: "paid", outcome: known, answer: operatorAnswer(known) };
  }
  if (known.status === "failed" && !known.noRecord) return { kind: "over", answer: operatorAnswer(known) };
  return { kind: "again", answer: operatorAnswer(known) };
}

/** What a follow step needs of a released row. */
export type ReleasedRow = { id: string; reference: string; merchantId: string; amountMinor: bigint; currency: string; gatewayName: string; followUntil: Date | null };

/**
 * One read of a released payout or refund, recorded: a success is booked by `book` (the row's own
 * conditional transition, with its money and webhook: true when this call made it) and mailed to
 * the admins; the operator's own "failed" ends the reads; anything else is read again in an hour,
 * until followUntil. `operator` null: not configured here any more, read again later.
 * Returns whether this call booked a late success.
 */
export async function stepReleasedMoneyOut<T extends MoneyOutForGateway>(
  client: DbClient,
  table: MoneyOutTableName,
  row: ReleasedRow,
  operator: { adapter: MoneyOutAdapter<T>; item: T } | null,
  book: (outcome: LateSuccess) => Promise<boolean>,
  now: Date,
): Promise<boolean> {
  const read: ReleasedRead = operator ? await readReleased(operator.item, operator.adapter) : { kind: "again", answer: "not read: operator not configured" };
  if (read.kind === "paid") {
    if (!(await book(read.outcome))) return false;
    log("warn", "money out paid after its funds were released: the merchant is debited again", { reference: row.reference });
    await tellAdmins(client, table, row);
    return true;
  }
  const next = read.kind === "again" && row.followUntil && now < row.followUntil ? new Date(Math.min(now.getTime() + UNRESOLVED_READ_EVERY_MS, row.followUntil.getTime())) : null;
  // Only while still a followed release: a concurrent reader may have booked it meanwhile.
  await moneyOutTable(client, table).updateMany({
    where: { id: row.id, status: "failed", completedLateAt: null, followUntil: { not: null } },
    data: { operatorAnswer: read.answer.slice(0, 200), operatorCheckedAt: now, dueAt: next, ...(next ? {} : { followUntil: null }) },
  });
  return false;
}

async function tellAdmins(client: DbClient, table: MoneyOutTableName, row: ReleasedRow) {
  try {
    const merchant = await client.merchant.findUnique({ where: { id: row.merchantId }, select: { name: true } });
    const amount = formatMinor(row.amountMinor, row.currency, DEFAULT_LOCALE);
    await mailAdmins(client, (to) =>
      lateSuccessMail({ to, locale: DEFAULT_LOCALE, kind: table, reference: row.reference, merchant: merchant?.name ?? row.merchantId, amount, gateway: row.gatewayName }),
    );
  } catch (error) {
    log("error", "late success not mailed to the admins", { reference: row.reference, ...errorFields(error) });
  }
}
