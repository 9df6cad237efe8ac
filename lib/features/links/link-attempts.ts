import { directSql, type DbClient } from "@/lib/core/db/client";
import { dateOrNull, epochMs, type SqlRow } from "@/lib/core/db/sql";
import type { Prisma } from "@prisma/client";

// A link's checkout attempts, for its read. Outside a transaction in direct SQL, as the link
// itself (get-link-or-throw.ts): merchants poll this read to verify a payment, and Prisma's
// per-query cost made it ten times the CPU of the link read alone (bench/README.md).
// tests/platform/direct-sql.integration.test.ts compares it with Prisma's read.

const SELECT = `SELECT reference, "validatedReference", status::text, ${epochMs('"expiresAt"')} AS "expiresAt", "heldReason",
    "gatewayName", "paymentType", "feesMinor"::text, currency, "failureReason", ${epochMs('"createdAt"')} AS "createdAt",
    ${epochMs('"completedAt"')} AS "completedAt", ${epochMs('"failedAt"')} AS "failedAt", ${epochMs('"expiredAt"')} AS "expiredAt"
  FROM "Deposit" WHERE "paymentLinkId" = $1`;

/**
 * The same attempts as one JSON column of the link's own row, for the link read
 * (payment-link-sql.ts, findPaymentLinkWithAttempts): one statement and one round trip instead of
 * two (bench/profile.md). `link` is the PaymentLink's alias in the outer query. Each value is text,
 * as in SELECT, so toLinkAttempt reads both.
 */
export const attemptsJson = (link: string) =>
  `(SELECT coalesce(json_agg(json_build_object('reference', d.reference, 'validatedReference', d."validatedReference",
    'status', d.status::text, 'expiresAt', ${epochMs('d."expiresAt"')}, 'heldReason', d."heldReason", 'gatewayName', d."gatewayName",
    'paymentType', d."paymentType", 'feesMinor', d."feesMinor"::text, 'currency', d.currency, 'failureReason', d."failureReason",
    'createdAt', ${epochMs('d."createdAt"')}, 'completedAt', ${epochMs('d."completedAt"')}, 'failedAt', ${epochMs('d."failedAt"')},
    'expiredAt', ${epochMs('d."expiredAt"')})), '[]'::json)::text FROM "Deposit" d WHERE d."paymentLinkId" = ${link}.id)`;

export const attemptsFromJson = (text: string): LinkAttempt[] => (JSON.parse(text) as SqlRow[]).map(toLinkAttempt);

/** What a link's read shows of each checkout attempt (a deposit), and all this reads of it. */
const ATTEMPT_FIELDS = {
  reference: true, validatedReference: true, status: true, expiresAt: true, heldReason: true, gatewayName: true, paymentType: true,
  feesMinor: true, currency: true, failureReason: true, createdAt: true, completedAt: true, failedAt: true, expiredAt: true,
} as const satisfies Prisma.DepositSelect;

export type LinkAttempt = Prisma.DepositGetPayload<{ select: typeof ATTEMPT_FIELDS }>;

export async function findLinkAttempts(client: DbClient, paymentLinkId: string): Promise<LinkAttempt[]> {
  const sql = directSql(client);
  if (!sql) return client.deposit.findMany({ where: { paymentLinkId }, select: ATTEMPT_FIELDS });
  return (await sql(SELECT, [paymentLinkId])).map(toLinkAttempt);
}

/** The attempts of several links in one query (a page of a payment page's links), by link id. */
export async function findAttemptsOfLinks(client: DbClient, paymentLinkIds: string[]): Promise<Map<string, LinkAttempt[]>> {
  const rows = paymentLinkIds.length
    ? await client.deposit.findMany({ where: { paymentLinkId: { in: paymentLinkIds } }, select: { ...ATTEMPT_FIELDS, paymentLinkId: true } })
    : [];
  const byLink = new Map<string, LinkAttempt[]>(paymentLinkIds.map((id) => [id, []]));
  for (const { paymentLinkId, ...attempt } of rows) byLink.get(paymentLinkId!)?.push(attempt);
  return byLink;
}

function toLinkAttempt(row: SqlRow): LinkAttempt {
  const text = (name: string) => row[name] as string;
  return {
    reference: text("reference"),
    validatedReference: row.validatedReference,
    status: text("status") as LinkAttempt["status"],
    expiresAt: new Date(Number(text("expiresAt"))),
    heldReason: row.heldReason,
    gatewayName: text("gatewayName"),
    paymentType: text("paymentType"),
    feesMinor: BigInt(text("feesMinor")),
    currency: text("currency"),
    failureReason: row.failureReason,
    createdAt: new Date(Number(text("createdAt"))),
    completedAt: dateOrNull(row.completedAt),
    failedAt: dateOrNull(row.failedAt),
    expiredAt: dateOrNull(row.expiredAt),
  };
}
