import type { DbClient } from "@/lib/core/db/client";
import { ACCOUNTS } from "@/lib/features/ledger/accounts";
import type { LedgerKind } from "@/lib/features/ledger/ledger-kinds";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { createdAtRange, type ListFilters } from "@/lib/core/domain/list-filters";

// The balance page's statement in a shopkeeper's words (issue 35): money received, refunds given
// back, transfers and their fees, and what is left, per currency, instead of the ledger's two
// accounts (available, in flight) whose signed entries read as losses ("Disponible −2 000").
// Every figure is a sum of the available balance's own entries, so the lines add up to the
// balance exactly; the transfers' fees are split out of their entries by the transfers' fees.

const MONEY_IN: ReadonlySet<LedgerKind> = new Set(["deposit_completed", "link_completed", "link_paid_after_expiry"]);
const REFUNDS: ReadonlySet<LedgerKind> = new Set(["refund_requested", "refund_failed", "refund_completed_late"]);
const PAYOUTS: ReadonlySet<LedgerKind> = new Set(["transfer_accepted", "transfer_failed", "transfer_completed_late"]);

export type BalanceSummary = {
  currency: string;
  /** Customers' payments credited (positive). */
  moneyInMinor: bigint;
  /** Refunds sent back to customers, failed ones returned (zero or negative). */
  refundsMinor: bigint;
  /** Transfers' amounts, failed ones returned (zero or negative). */
  payoutsMinor: bigint;
  /** Transfers' fees (zero or negative). */
  feesMinor: bigint;
  /** Anything else the available balance moved by (zero unless a new kind of entry appears). */
  otherMinor: bigint;
  /** The sum of the lines: the available balance when no period is chosen. */
  balanceMinor: bigint;
  /** Transfers and refunds on their way now (the in-flight account), already out of the balance. */
  onTheWayMinor: bigint;
};

/** The summary per currency over the statement's period (all time without one). */
export async function balanceSummary(client: DbClient, scope: MerchantScope, filters: Pick<ListFilters, "from" | "to">): Promise<BalanceSummary[]> {
  const { merchantId, environment } = scope;
  const createdAt = createdAtRange(filters as ListFilters);
  const [byKind, fees, inFlight] = await Promise.all([
    client.ledgerEntry.groupBy({ by: ["currency", "kind"], where: { merchantId, environment, account: ACCOUNTS.available, createdAt }, _sum: { amountMinor: true } }),
    // Fees leave with a transfer's entry and come back with it when it fails: the fees of the
    // transfers not failed, made in the period, are what its entries kept.
    client.transfer.groupBy({ by: ["currency"], where: { merchantId, environment, status: { not: "failed" }, createdAt }, _sum: { feesMinor: true } }),
    client.ledgerEntry.groupBy({ by: ["currency"], where: { merchantId, environment, account: ACCOUNTS.inFlight }, _sum: { amountMinor: true } }),
  ]);
  const summaries = new Map<string, BalanceSummary>();
  const of = (currency: string) => {
    let summary = summaries.get(currency);
    if (!summary) {
      summary = { currency, moneyInMinor: 0n, refundsMinor: 0n, payoutsMinor: 0n, feesMinor: 0n, otherMinor: 0n, balanceMinor: 0n, onTheWayMinor: 0n };
      summaries.set(currency, summary);
    }
    return summary;
  };
  for (const row of byKind) {
    const summary = of(row.currency);
    const amount = row._sum.amountMinor ?? 0n;
    const kind = row.kind as LedgerKind;
    if (MONEY_IN.has(kind)) summary.moneyInMinor += amount;
    else if (REFUNDS.has(kind)) summary.refundsMinor += amount;
    else if (PAYOUTS.has(kind)) summary.payoutsMinor += amount;
    else summary.otherMinor += amount;
    summary.balanceMinor += amount;
  }
  for (const row of fees) {
    const fee = row._sum.feesMinor ?? 0n;
    if (!summaries.has(row.currency) || fee === 0n) continue;
    const summary = of(row.currency);
    summary.feesMinor -= fee;
    summary.payoutsMinor += fee;
  }
  for (const row of inFlight) if (summaries.has(row.currency)) of(row.currency).onTheWayMinor = row._sum.amountMinor ?? 0n;
  return [...summaries.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
