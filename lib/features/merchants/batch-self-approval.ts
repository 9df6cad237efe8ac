import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { parseAmountInput } from "@/lib/core/domain/amount-input";
import { LINK_CURRENCIES } from "@/lib/core/domain/money";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { DomainError } from "@/lib/core/errors/domain-error";
import { recordAudit } from "@/lib/features/audit/record-audit";

// The merchant's one-person bulk payouts (issue 49): up to this total, fees included, the member
// who made a batch may approve it too (lib/features/transfers/batches/approve-batch.ts,
// assertMayApprove); above it, or when off, a second member must. The merchant's, in both
// environments, like its other settings.

export const BATCH_APPROVAL_FORM_FIELDS = ["selfApprovalMax", "selfApprovalCurrency"] as const;

export type BatchSelfApproval = { maxMinor: bigint; currency: string } | null;

export async function readBatchSelfApproval(client: DbClient, scope: MerchantScope): Promise<BatchSelfApproval> {
  const merchant = await client.merchant.findUniqueOrThrow({ where: { id: scope.merchantId }, select: { batchSelfApprovalMaxMinor: true, batchSelfApprovalCurrency: true } });
  return merchant.batchSelfApprovalMaxMinor !== null && merchant.batchSelfApprovalCurrency ? { maxMinor: merchant.batchSelfApprovalMaxMinor, currency: merchant.batchSelfApprovalCurrency } : null;
}

/** Sets the threshold from the settings form ("2 500 000" and a currency), or turns it off (an empty amount). Audited. */
export async function saveBatchSelfApproval(client: DbClient, scope: MerchantScope, form: { amount: string; currency: string }, by: { userId: string }) {
  const setting = form.amount.trim() ? thresholdOf(form.amount, form.currency.trim().toUpperCase()) : null;
  return inTransaction(client, async (tx) => {
    await tx.merchant.update({
      where: { id: scope.merchantId },
      data: { batchSelfApprovalMaxMinor: setting?.maxMinor ?? null, batchSelfApprovalCurrency: setting?.currency ?? null },
    });
    await recordAudit(tx, {
      staffId: null,
      action: "merchant.batch_self_approval_set",
      targetType: "merchant",
      targetId: scope.merchantId,
      details: { maxMinor: setting ? String(setting.maxMinor) : null, currency: setting?.currency ?? null, by: by.userId },
    });
    return setting;
  });
}

/** The typed amount in the currency's minor units, or the field's error: a currency we know, a positive amount of its decimals. */
function thresholdOf(amount: string, currency: string): NonNullable<BatchSelfApproval> {
  if (!(LINK_CURRENCIES as readonly string[]).includes(currency)) {
    throw new DomainError("invalid", { reason: "currency", field: "selfApprovalCurrency", rule: "invalid", details: `selfApprovalCurrency must be one of ${LINK_CURRENCIES.join(", ")}` });
  }
  const parsed = parseAmountInput(amount, currency);
  const at = { reason: "amount" as const, field: "selfApprovalMax" };
  if (!parsed.ok) throw new DomainError("invalid", { ...at, rule: parsed.reason === "too_many_decimals" ? "decimals" : "not_a_number", details: `selfApprovalMax must be an amount in ${currency}` });
  if (parsed.minor <= 0n) throw new DomainError("invalid", { ...at, rule: "too_small", details: "selfApprovalMax must be more than 0" });
  if (parsed.minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new DomainError("invalid", { ...at, rule: "too_large", details: "selfApprovalMax is too large" });
  return { maxMinor: parsed.minor, currency };
}
