import type { Deposit } from "@prisma/client";
import { insertParams, insertStatement, type Sql } from "@/lib/db/sql";

// A deposit's insert in direct SQL (why: lib/db/sql.ts), for the deposit endpoints outside a
// transaction. It gives back Prisma's Deposit type and names every column of a new deposit, so
// a column added to the model fails to compile here until it is added;
// tests/direct-sql.integration.test.ts compares what it writes with Prisma's own reads.

/** What a new deposit is inserted with; the other columns start empty and the status pending. */
export type NewDeposit = Omit<Deposit, "status" | "validatedReference" | "failureReason" | "otpAttempts" | "completedAt" | "failedAt" | "expiredAt" | "confirmedAt">;

const COLUMNS = [
  "id", "reference", "merchantId", "environment", "flow", "paymentType", "gatewayName", "amountMinor", "feesMinor", "currency",
  "country", "customerPhone", "customerEmail", "customerName", "callbackUrl", "returnUrl", "metadata", "redirectUrl", "otpHash",
  "otpExpiresAt", "createdAt", "expiresAt", "paymentLinkId",
] as const satisfies readonly (keyof NewDeposit)[];
// Every column of NewDeposit is in COLUMNS, or this does not compile.
const allColumns: Exclude<keyof NewDeposit, (typeof COLUMNS)[number]> extends never ? true : never = true;
void allColumns;

const INSERT = insertStatement(
  "Deposit",
  COLUMNS,
  { environment: '"Environment"', flow: '"DepositFlow"', amountMinor: "bigint", feesMinor: "bigint", metadata: "jsonb", otpExpiresAt: "timestamp(3)", createdAt: "timestamp(3)", expiresAt: "timestamp(3)" },
  { status: "'pending'", otpAttempts: "0" },
);

export async function insertDeposit(sql: Sql, data: NewDeposit): Promise<Deposit> {
  await sql(INSERT, insertParams(data, COLUMNS));
  return { ...data, status: "pending", validatedReference: null, failureReason: null, otpAttempts: 0, completedAt: null, failedAt: null, expiredAt: null, confirmedAt: null };
}
