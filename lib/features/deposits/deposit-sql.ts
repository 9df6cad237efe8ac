import type { Deposit } from "@prisma/client";
import { rowInsertStatement, type Sql } from "@/lib/core/db/sql";

// A deposit's insert in direct SQL (why: lib/core/db/sql.ts), for the deposit endpoints outside a
// transaction. It gives back Prisma's Deposit type and names every column of a new deposit, so
// a column added to the model fails to compile here until it is added (rowInsertStatement);
// tests/platform/direct-sql.integration.test.ts compares what it writes with Prisma's own reads.

/** What a new deposit is inserted with; the other columns start empty and the status pending. */
export type NewDeposit = Omit<
  Deposit,
  | "status" | "validatedReference" | "failureReason" | "otpAttempts" | "completedAt" | "failedAt" | "expiredAt" | "confirmedAt"
  | "supersededAt" | "refundDueReason" | "claimedUntil" | EmptyOperatorColumns
>;

/** What the reconciliation learns from the operator later: empty on a new deposit. */
type EmptyOperatorColumns =
  | "operatorAnswer" | "operatorCheckedAt" | "lastTryFailure" | "heldReason" | "heldAt" | "operatorAmountMinor" | "operatorCurrency" | "operatorNotFoundAt" | "operatorFeeMinor";

const EMPTY_OPERATOR_COLUMNS: Pick<Deposit, EmptyOperatorColumns> = {
  operatorAnswer: null,
  operatorCheckedAt: null,
  lastTryFailure: null,
  heldReason: null,
  heldAt: null,
  operatorAmountMinor: null,
  operatorCurrency: null,
  operatorNotFoundAt: null,
  operatorFeeMinor: null,
};

/** A new deposit's INSERT, not yet run (create-deposit.ts runs it alone or with an Idempotency-Key's claim). */
export const depositInsert = rowInsertStatement<NewDeposit>(
  "Deposit",
  {
    id: "", reference: "", merchantId: "", environment: '"Environment"', flow: '"DepositFlow"', paymentType: "", gatewayName: "",
    amountMinor: "bigint", feesMinor: "bigint", currency: "", country: "", customerPhone: "", customerEmail: "", customerName: "",
    callbackUrl: "", returnUrl: "", metadata: "jsonb", redirectUrl: "", otpHash: "", otpExpiresAt: "timestamp(3)",
    createdAt: "timestamp(3)", expiresAt: "timestamp(3)", paymentLinkId: "", checkoutTokenHash: "",
    operatorRequestId: "", operatorReference: "", operator: "", nextCheckAt: "timestamp(3)", followUntil: "timestamp(3)", traceparent: "",
  },
  { status: "'pending'", otpAttempts: "0" },
);

export async function insertDeposit(sql: Sql, data: NewDeposit): Promise<Deposit> {
  const insert = depositInsert(data);
  await sql(insert.text, insert.params);
  return newDepositRow(data);
}

/** The row a new deposit is, as the database has it once inserted. */
export function newDepositRow(data: NewDeposit): Deposit {
  return { ...data, status: "pending", validatedReference: null, failureReason: null, otpAttempts: 0, completedAt: null, failedAt: null, expiredAt: null, confirmedAt: null, supersededAt: null, refundDueReason: null, claimedUntil: null, ...EMPTY_OPERATOR_COLUMNS };
}
