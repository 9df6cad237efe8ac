import { db, type DbClient } from "@/lib/core/db/client";
import { effectiveDepositStatus } from "@/lib/core/domain/deposit-status";
import { countryOfPhone } from "@/lib/core/domain/dial-codes";
import type { Environment } from "@/lib/core/domain/environment";
import { countryTimeZone } from "@/lib/core/domain/local-day";
import { maskedPhone } from "@/lib/core/domain/masked-phone";
import { DEPOSIT_GATEWAYS } from "@/lib/integrations/gateways/catalog";

// What the customer is shown of the payments they found: only what they already hold (the
// amount, their own number masked, the operator, the day) and what they came for (the merchant,
// whether it went through, how to reach the merchant). Read afresh at each view.

/**
 * In plain words: "completed" (the merchant has it), "refunded" (it went back, or is on its way
 * back), "failed", "expired" (not confirmed in time), "pending" (the operator has not answered),
 * "checking" (our support is looking at what the operator reported).
 */
export type ChargeStatus = "completed" | "refunded" | "failed" | "expired" | "pending" | "checking";

export type ChargeView = {
  id: string;
  merchantName: string;
  status: ChargeStatus;
  /** When it was paid (completed), else when it started. */
  at: Date;
  /** The payer's country's zone, for the time shown. */
  timeZone: string;
  /** What left (or would leave) the wallet: amount and fees. */
  totalMinor: bigint;
  currency: string;
  provider: string;
  maskedPhone: string;
  /** Our reference, to quote to the merchant or support. */
  reference: string;
  /** Still read at its operator after ending here: a late approval will be recorded. */
  stillFollowed: boolean;
  /** The receipt of the link it paid, if it paid one. */
  receiptLink: string | null;
  support: { phone: string | null; email: string | null };
};

function statusOf(deposit: { status: "pending" | "completed" | "failed" | "expired"; expiresAt: Date; heldReason: string | null; refundDueReason: string | null }, refunded: boolean, now: Date): ChargeStatus {
  if (deposit.heldReason) return "checking";
  if (deposit.status === "completed" && (refunded || deposit.refundDueReason)) return "refunded";
  return effectiveDepositStatus(deposit, now);
}

/** The payments of a look-up in one environment, in the order given; ids of another environment or gone are left out. */
export async function readCharges(client: DbClient, options: { environment: Environment; ids: string[]; now?: Date }): Promise<ChargeView[]> {
  if (options.ids.length === 0) return [];
  const now = options.now ?? new Date();
  const rows = await client.deposit.findMany({
    where: { id: { in: options.ids }, environment: options.environment },
    include: {
      merchant: { select: { name: true, supportPhone: true, supportEmail: true } },
      paymentLink: { select: { reference: true, paidByDepositId: true } },
      refunds: { where: { status: { not: "failed" } }, select: { id: true } },
    },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return options.ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        merchantName: row.merchant.name,
        status: statusOf(row, row.refunds.length > 0, now),
        at: row.completedAt ?? row.createdAt,
        timeZone: countryTimeZone(countryOfPhone(row.customerPhone) ?? row.country),
        totalMinor: row.amountMinor + row.feesMinor,
        currency: row.currency,
        provider: DEPOSIT_GATEWAYS.find((g) => g.name === row.gatewayName)?.provider ?? row.gatewayName,
        maskedPhone: maskedPhone(row.customerPhone),
        reference: row.reference,
        stillFollowed: row.status !== "completed" && row.followUntil !== null && row.followUntil > now,
        receiptLink: row.paymentLink && row.paymentLink.paidByDepositId === row.id && row.status === "completed" ? row.paymentLink.reference : null,
        support: { phone: row.merchant.supportPhone, email: row.merchant.supportEmail },
      },
    ];
  });
}

/** readCharges on the process's database, for the page. */
export const readFoundCharges = (environment: Environment, ids: string[]) => readCharges(db(), { environment, ids });
