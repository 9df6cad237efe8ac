import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import type { MoneyOutAdapter, MoneyOutForGateway } from "@/lib/integrations/gateways/adapter";
import type { ReleasedRow } from "./follow-released";
import type { MoneyOutTableName } from "./send-claim";
import type { MoneyOutRow } from "./step-money-out";

// What makes one kind of money out (a payout to the merchant's wallet, a refund to a customer; a
// batch's line next) different from another, as data the money-out core reads: its table, its
// ledger entries, its webhook, its operator call and its due step. The core does the rest once,
// for every kind: the transition out of pending (transition-money-out.ts), the sweep of due rows
// (send-due-money-out.ts), the step at the operator under the send claim, the reads of a release
// on "no record" and its late booking (follow-released-due.ts, book-late-success.ts). A kind's
// descriptor lives in its own feature (lib/features/transfers/transfer-kind.ts,
// lib/features/refunds/refund-kind.ts); the core never imports one.

/** The columns every kind's row has that the core reads. */
export type MoneyOutRecord = MoneyOutRow &
  ReleasedRow & {
    status: "pending" | "completed" | "failed";
    environment: Environment;
    dueAt: Date | null;
    callbackUrl: string | null;
  };

/** The operator call for a row: its adapter and the row as the adapter sees it; null when no operator is configured for it here. */
export type OperatorCall<T extends MoneyOutForGateway> = { adapter: MoneyOutAdapter<T>; item: T } | null;

export type MoneyOutKind<R extends MoneyOutRecord, T extends MoneyOutForGateway = MoneyOutForGateway> = {
  /** Its table: Prisma's name (the send claim's too) and the one its raw statements use. */
  table: MoneyOutTableName;
  sqlTable: "Transfer" | "Refund";
  find(client: DbClient, id: string): Promise<R>;
  /** The rows of a claimed batch, in the order they fell due. */
  findDue(client: DbClient, ids: string[]): Promise<R[]>;
  /**
   * Which rows `all` (npm run reconcile) takes before their due time: SQL on the row's own
   * columns (a transfer's only once sent: never a batch before its time).
   */
  earlyWhenAll: Prisma.Sql;
  /** The row's money as it leaves pending: completed (with the operator's fee for it, ours to pay) or failed. */
  postFinal(tx: Prisma.TransactionClient, row: R, to: "completed" | "failed", at: Date, operatorFeeMinor: bigint | null): Promise<void>;
  /** The money of a release on "no record" the operator paid after all, taken again. */
  postCompletedLate(tx: Prisma.TransactionClient, row: R, at: Date, operatorFeeMinor: bigint | null): Promise<void>;
  /** Whether a late success debits the merchant's available balance (then under its lock, as every debit). */
  debitsBalance(row: R): boolean;
  /** The body of the webhook a final state sends (`<table>.completed` or `<table>.failed`). */
  webhookPayload(row: R, to: "completed" | "failed"): object;
  /** Its operator call; read from the database when the kind needs more than the row (a refund's payment). */
  operator(client: DbClient, row: R): Promise<OperatorCall<T>>;
  /** Whether a live step may call its operator at all (a refund support pays by hand never). */
  sendable(row: R): boolean;
  /** The row's due step (a sandbox answer, a live step at its operator, a hand-over); returns the row as it now stands. */
  stepDue(client: DbClient, row: R, now: Date): Promise<R>;
};
