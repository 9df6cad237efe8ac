// The operator-neutral answer every operator client maps its own statuses to. The settlement
// code reads only this; each operator's vocabulary stays in its own folder.

export type OperatorPaymentState = "pending" | "succeeded" | "failed";

export type OperatorPaymentStatus = {
  state: OperatorPaymentState;
  /**
   * Why it failed, in our words where we know the operator's code ("declined_by_customer",
   * "insufficient_funds", "expired"), else the operator's code in snake_case.
   */
  reason?: string;
  /** The operator's own code or status for the outcome, unchanged (for support and logs). */
  operatorCode?: string;
  /** The operator's transaction id (MTN financialTransactionId, Wave transaction_id, Orange transactionId). */
  operatorReference?: string;
  /** The operator's own time of the outcome, when it gives one. */
  occurredAt?: Date;
  /** What the operator says was paid, when it says: compare with the deposit, never trust it. */
  amountMinor?: bigint;
  currency?: string;
};

/** Snake_case of an operator code ("NOT_ENOUGH_FUNDS" -> "not_enough_funds", "insufficient-funds" -> "insufficient_funds"). */
export function snakeCase(code: string): string {
  return code
    .trim()
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}

/** Reads an operator's timestamp; undefined when absent or not a date. */
export function operatorTime(value: unknown): Date | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
