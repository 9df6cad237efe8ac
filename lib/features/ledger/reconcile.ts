import { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";

// The money-safety check support runs (npm run reconcile, GET /admin/api/reconciliation) and every
// settlement test runs after its scenario. Each query looks for one way the books and the states
// can disagree; an empty list means none was found.

export type ReconciliationProblem = {
  kind:
    | "completed_deposit_without_ledger"
    | "attempt_not_settled_on_link"
    | "refund_due_without_ledger"
    | "refund_due_without_refund"
    | "refund_postings"
    | "over_refunded"
    | "paid_link_without_payment"
    | "paid_link_credit_count"
    | "operator_fee_postings"
    | "unbalanced_journal"
    | "unbalanced_book";
  reference: string;
  details: string;
};

type Row = { reference: string; details: string };

/** Every problem found, across all merchants, or one merchant's (tests on a shared database). */
export async function reconcile(client: DbClient, options: { merchantId?: string } = {}): Promise<ReconciliationProblem[]> {
  const only = (alias: string) =>
    options.merchantId ? Prisma.sql`AND ${Prisma.raw(`${alias}."merchantId"`)} = ${options.merchantId}` : Prisma.empty;
  const found = async (kind: ReconciliationProblem["kind"], query: Prisma.Sql) =>
    (await client.$queryRaw<Row[]>(query)).map((row) => ({ kind, reference: row.reference, details: row.details }));

  return [
    // A deposit of the API (no link) is credited to the merchant when it completes.
    ...(await found(
      "completed_deposit_without_ledger",
      Prisma.sql`
        SELECT COALESCE(d."validatedReference", d."reference") AS reference, 'completed deposit with no deposit_completed posting' AS details
        FROM "Deposit" d
        WHERE d."status" = 'completed' AND d."paymentLinkId" IS NULL
          AND NOT EXISTS (SELECT 1 FROM "LedgerEntry" e
                          WHERE e."reference" = COALESCE(d."validatedReference", d."reference") AND e."kind" = 'deposit_completed')
          ${only("d")}`,
    )),
    // A completed checkout attempt either is the payment its link holds, or is a refund to make.
    ...(await found(
      "attempt_not_settled_on_link",
      Prisma.sql`
        SELECT d."reference", 'completed attempt of link ' || l."reference" || ' (' || l."status"::text || ') that neither paid it nor is a refund due' AS details
        FROM "Deposit" d JOIN "PaymentLink" l ON l."id" = d."paymentLinkId"
        WHERE d."status" = 'completed' AND d."refundDueReason" IS NULL AND l."paidByDepositId" IS DISTINCT FROM d."id"
          ${only("d")}`,
    )),
    ...(await found(
      "refund_due_without_ledger",
      Prisma.sql`
        SELECT d."reference", 'refund due (' || d."refundDueReason" || ') with no refund_due posting' AS details
        FROM "Deposit" d
        WHERE d."refundDueReason" IS NOT NULL
          AND ((d."status" <> 'completed' AND d."refundDueReason" <> 'amount_mismatch')
               OR NOT EXISTS (SELECT 1 FROM "LedgerEntry" e WHERE e."reference" = d."reference" AND e."kind" = 'refund_due'))
          ${only("d")}`,
    )),
    // Every refund due is on its way back to the customer: a refund of it exists (lib/features/refunds/).
    ...(await found(
      "refund_due_without_refund",
      Prisma.sql`
        SELECT d."reference", 'refund due (' || d."refundDueReason" || ') with no refund made or under way' AS details
        FROM "Deposit" d
        WHERE d."refundDueReason" IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM "Refund" r WHERE r."depositId" = d."id" AND r."source" = 'refund_due')
          ${only("d")}`,
    )),
    // A refund's money moved with its status, once: a merchant's held when asked for, and either
    // sent (refund_completed) or given back (refund_failed); a refund due sent once it completed.
    // One released on "no record" and paid late was given back, then taken again once
    // (refund_completed_late: from the available balance, or from refunds_due for a refund due).
    ...(await found(
      "refund_postings",
      Prisma.sql`
        SELECT r."reference", r."source" || ' refund ' || r."status"::text || (CASE WHEN r."completedLateAt" IS NULL THEN '' ELSE ' late' END)
               || ' with postings: ' || COALESCE(string_agg(e."kind", ',' ORDER BY e."kind"), 'none') AS details
        FROM "Refund" r LEFT JOIN "LedgerEntry" e ON e."reference" = r."reference"
          AND (e."account" IN ('merchant_in_flight', 'refunds_due') OR (e."kind" = 'refund_completed_late' AND e."account" = 'merchant_available'))
        WHERE TRUE ${only("r")}
        GROUP BY r."id", r."reference", r."source", r."status", r."completedLateAt"
        HAVING COALESCE(string_agg(e."kind", ',' ORDER BY e."kind"), '') <> (CASE
          WHEN r."source" = 'merchant' AND r."status" = 'completed' AND r."completedLateAt" IS NOT NULL THEN 'refund_completed_late,refund_failed,refund_requested'
          WHEN r."status" = 'completed' AND r."completedLateAt" IS NOT NULL THEN 'refund_completed_late'
          WHEN r."source" = 'merchant' AND r."status" = 'pending' THEN 'refund_requested'
          WHEN r."source" = 'merchant' AND r."status" = 'completed' THEN 'refund_completed,refund_requested'
          WHEN r."source" = 'merchant' AND r."status" = 'failed' THEN 'refund_failed,refund_requested'
          WHEN r."status" = 'completed' THEN 'refund_completed'
          ELSE '' END)`,
    )),
    // Never more given back than the customer paid.
    ...(await found(
      "over_refunded",
      Prisma.sql`
        SELECT d."reference", 'refunds standing ' || SUM(r."amountMinor")::text || ' > charged ' || (d."amountMinor" + d."feesMinor")::text AS details
        FROM "Deposit" d JOIN "Refund" r ON r."depositId" = d."id" AND r."source" = 'merchant' AND r."status" <> 'failed'
        WHERE TRUE ${only("d")}
        GROUP BY d."id", d."reference", d."amountMinor", d."feesMinor"
        HAVING SUM(r."amountMinor") > d."amountMinor" + d."feesMinor"`,
    )),
    // A link that holds a payment (completed, or paid after expiry) holds a completed attempt of
    // its own; and a link that holds none says so.
    ...(await found(
      "paid_link_without_payment",
      Prisma.sql`
        SELECT l."reference", 'link ' || l."status"::text || (CASE WHEN l."paidAfterExpiry" THEN ' (paid after expiry)' ELSE '' END)
               || ' whose paying attempt ' || COALESCE(d."reference", 'is missing') || ' is ' || COALESCE(d."status"::text, 'absent') AS details
        FROM "PaymentLink" l LEFT JOIN "Deposit" d ON d."id" = l."paidByDepositId" AND d."paymentLinkId" = l."id"
        WHERE (l."status" = 'completed' OR l."paidAfterExpiry" OR l."paidByDepositId" IS NOT NULL)
          AND (d."id" IS NULL OR d."status" <> 'completed' OR NOT (l."status" = 'completed' OR (l."status" = 'expired' AND l."paidAfterExpiry")))
          ${only("l")}`,
    )),
    // Credited exactly once: one posting for a paid link, none for any other.
    ...(await found(
      "paid_link_credit_count",
      Prisma.sql`
        SELECT l."reference", 'link ' || l."status"::text || ' credited ' || COUNT(DISTINCT e."journalId")::text || ' times' AS details
        FROM "PaymentLink" l
        LEFT JOIN "LedgerEntry" e ON e."reference" = l."reference" AND e."kind" IN ('link_completed', 'link_paid_after_expiry')
        WHERE TRUE ${only("l")}
        GROUP BY l."id", l."reference", l."status", l."paidAfterExpiry"
        HAVING COUNT(DISTINCT e."journalId") <> (CASE WHEN l."status" = 'completed' OR l."paidAfterExpiry" THEN 1 ELSE 0 END)`,
    )),
    // An operator's charge for a payment (Deposit.operatorFeeMinor) is booked once, with its
    // completion, for that amount; none for a payment it was not charged for.
    ...(await found(
      "operator_fee_postings",
      Prisma.sql`
        SELECT d."reference", d."status"::text || ' payment charged ' || COALESCE(d."operatorFeeMinor"::text, 'nothing') || ' by its operator, booked '
               || COUNT(DISTINCT e."journalId")::text || ' times for ' || COALESCE(SUM(e."amountMinor") FILTER (WHERE e."account" = 'world'), 0)::text AS details
        FROM "Deposit" d
        LEFT JOIN "LedgerEntry" e ON e."reference" = d."reference" AND e."kind" = 'operator_fee'
        WHERE (d."operatorFeeMinor" IS NOT NULL OR e."id" IS NOT NULL)
          ${only("d")}
        GROUP BY d."id", d."reference", d."status", d."operatorFeeMinor"
        HAVING COUNT(DISTINCT e."journalId") <> (CASE WHEN d."status" = 'completed' AND d."operatorFeeMinor" > 0 THEN 1 ELSE 0 END)
            OR COALESCE(SUM(e."amountMinor") FILTER (WHERE e."account" = 'world'), 0) <> (CASE WHEN d."status" = 'completed' THEN COALESCE(d."operatorFeeMinor", 0) ELSE 0 END)`,
    )),
    ...(await found(
      "unbalanced_journal",
      Prisma.sql`
        SELECT MIN(e."reference") AS reference, 'journal ' || e."journalId" || ' sums to ' || SUM(e."amountMinor")::text AS details
        FROM "LedgerEntry" e WHERE TRUE ${only("e")} GROUP BY e."journalId" HAVING SUM(e."amountMinor") <> 0`,
    )),
    ...(await found(
      "unbalanced_book",
      Prisma.sql`
        SELECT e."merchantId" AS reference, e."environment"::text || ' ' || e."currency" || ' sums to ' || SUM(e."amountMinor")::text AS details
        FROM "LedgerEntry" e WHERE TRUE ${only("e")} GROUP BY e."merchantId", e."environment", e."currency" HAVING SUM(e."amountMinor") <> 0`,
    )),
  ];
}
