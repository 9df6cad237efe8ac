import type { PaymentLink } from "@prisma/client";
import { bigintOrNull, dateOrNull, epochMs, rowInsertStatement, type RowInsertStatement, type Sql, type SqlRow } from "@/lib/core/db/sql";
import { attemptsFromJson, attemptsJson, type LinkAttempt } from "./link-attempts";

// A link create and a link read in direct SQL (why: lib/core/db/sql.ts). Both give back Prisma's
// PaymentLink type, so a column added to the model fails to compile here until it is added;
// tests/platform/direct-sql.integration.test.ts compares both with Prisma's own reads.

/** What a new link is inserted with; the other columns start empty and the status pending. */
export type NewPaymentLink = Pick<
  PaymentLink,
  | "id" | "reference" | "merchantId" | "environment" | "amountMinor" | "currency" | "description"
  | "customerName" | "customerEmail" | "customerPhone" | "callbackUrl" | "returnUrl" | "metadata"
  | "createdAt" | "expiresAt"
> & {
  /** The payment page the link is made from (lib/features/payment-pages); absent or null for an ordinary link. */
  paymentPageReference?: string | null;
};

export function newPaymentLinkRow(data: NewPaymentLink): PaymentLink {
  return { ...data, paymentPageReference: data.paymentPageReference ?? null, status: "pending", feesMinor: null, gatewayName: null, failureReason: null, completedAt: null, failedAt: null, expiredAt: null, paidByDepositId: null, paidAfterExpiry: false, claimedUntil: null, receiptDueAt: null };
}

const insertStatement = rowInsertStatement<NewPaymentLink>(
  "PaymentLink",
  {
    id: "", reference: "", merchantId: "", environment: '"Environment"', amountMinor: "bigint", currency: "", description: "",
    customerName: "", customerEmail: "", customerPhone: "", callbackUrl: "", returnUrl: "", metadata: "jsonb",
    createdAt: "timestamp(3)", expiresAt: "timestamp(3)", paymentPageReference: "",
  },
  { status: "'pending'" },
);

/** A new link's INSERT, not yet run (create-payment-link.ts runs it alone or with an Idempotency-Key's record). */
export const paymentLinkInsert = (data: NewPaymentLink): RowInsertStatement => insertStatement({ ...data, paymentPageReference: data.paymentPageReference ?? null });

export async function insertPaymentLink(sql: Sql, data: NewPaymentLink): Promise<PaymentLink> {
  const insert = paymentLinkInsert(data);
  await sql(insert.text, insert.params);
  return newPaymentLinkRow(data);
}

const COLUMNS = `id, reference, "merchantId", environment::text, status::text, "amountMinor"::text, currency, description,
    "customerName", "customerEmail", "customerPhone", "callbackUrl", "returnUrl", metadata::text, "feesMinor"::text,
    "gatewayName", "failureReason", ${epochMs('"createdAt"')} AS "createdAt", ${epochMs('"expiresAt"')} AS "expiresAt",
    ${epochMs('"completedAt"')} AS "completedAt", ${epochMs('"failedAt"')} AS "failedAt", ${epochMs('"expiredAt"')} AS "expiredAt",
    "paidByDepositId", "paidAfterExpiry"::text, ${epochMs('"claimedUntil"')} AS "claimedUntil", "paymentPageReference",
    ${epochMs('"receiptDueAt"')} AS "receiptDueAt"`;
const SELECT = `SELECT ${COLUMNS} FROM "PaymentLink" WHERE reference = $1`;
const SELECT_WITH_ATTEMPTS = `SELECT ${COLUMNS}, ${attemptsJson("pl")} AS attempts FROM "PaymentLink" pl WHERE pl.reference = $1`;

export async function findPaymentLink(sql: Sql, reference: string): Promise<PaymentLink | null> {
  const [row] = await sql(SELECT, [reference]);
  return row ? toPaymentLink(row) : null;
}

/** The link and its checkout attempts in one statement (the API's link read, which merchants poll). */
export async function findPaymentLinkWithAttempts(sql: Sql, reference: string): Promise<{ link: PaymentLink; attempts: LinkAttempt[] } | null> {
  const [row] = await sql(SELECT_WITH_ATTEMPTS, [reference]);
  return row ? { link: toPaymentLink(row), attempts: attemptsFromJson(row.attempts as string) } : null;
}

function toPaymentLink(row: SqlRow): PaymentLink {
  const text = (name: string) => row[name] as string;
  return {
    id: text("id"),
    reference: text("reference"),
    merchantId: text("merchantId"),
    environment: text("environment") as PaymentLink["environment"],
    status: text("status") as PaymentLink["status"],
    amountMinor: BigInt(text("amountMinor")),
    currency: text("currency"),
    description: text("description"),
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    callbackUrl: row.callbackUrl,
    returnUrl: row.returnUrl,
    metadata: row.metadata === null ? null : JSON.parse(row.metadata),
    feesMinor: bigintOrNull(row.feesMinor),
    gatewayName: row.gatewayName,
    failureReason: row.failureReason,
    createdAt: new Date(Number(text("createdAt"))),
    expiresAt: new Date(Number(text("expiresAt"))),
    completedAt: dateOrNull(row.completedAt),
    failedAt: dateOrNull(row.failedAt),
    expiredAt: dateOrNull(row.expiredAt),
    paidByDepositId: row.paidByDepositId,
    paidAfterExpiry: row.paidAfterExpiry === "true",
    claimedUntil: dateOrNull(row.claimedUntil),
    paymentPageReference: row.paymentPageReference,
    receiptDueAt: dateOrNull(row.receiptDueAt),
  };
}
