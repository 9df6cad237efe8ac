import { db, type DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { isPlausibleReference } from "@/lib/core/domain/references";

/** What a customer keeps of a payment (issue 36 part 4): the paying attempt's amounts and references. */
export type Receipt = {
  reference: string;
  merchantName: string;
  logoDataUrl: string | null;
  description: string;
  currency: string;
  amountMinor: bigint;
  feesMinor: bigint;
  paidAt: Date;
  gatewayName: string;
  /** The operator's name as the checkout showed it ("MTN Mobile Money"). */
  provider: string;
  /** Our reference of the paying attempt (the deposit), which support and the merchant see. */
  paymentReference: string;
  /** The operator's own transaction id, when it gave one (MTN's financialTransactionId...). */
  operatorReference: string | null;
  /** The payment page the link was made from, if any. */
  paymentPage: string | null;
  /** The number that paid (shown masked), and the country it paid in (its local time). */
  payerPhone: string;
  country: string;
  /** A sandbox receipt: no real money moved, and it says so. */
  environment: Environment;
};

/**
 * The receipt of a paid link, or null: unknown, another environment's, or not paid (yet). A link
 * paid after its expiry has one too: the customer's money was taken and is the merchant's.
 * Only this payment's: nothing in it leads to another customer's.
 */
export async function findReceipt(client: DbClient, reference: string, environment: Environment): Promise<Receipt | null> {
  if (!isPlausibleReference(reference)) return null;
  const link = await client.paymentLink.findUnique({
    where: { reference },
    include: { merchant: { select: { name: true, logoDataUrl: true } } },
  });
  if (!link || link.environment !== environment || !link.paidByDepositId) return null;
  const deposit = await client.deposit.findUnique({ where: { id: link.paidByDepositId } });
  if (!deposit || deposit.status !== "completed") return null;
  const gateway = await client.gateway.findFirst({ where: { name: deposit.gatewayName }, select: { provider: true } });
  return {
    reference: link.reference,
    merchantName: link.merchant.name,
    logoDataUrl: link.merchant.logoDataUrl,
    description: link.description,
    currency: link.currency,
    amountMinor: link.amountMinor,
    feesMinor: link.feesMinor ?? deposit.feesMinor,
    paidAt: link.completedAt ?? deposit.completedAt ?? deposit.createdAt,
    gatewayName: deposit.gatewayName,
    provider: gateway?.provider ?? deposit.gatewayName,
    paymentReference: deposit.reference,
    operatorReference: deposit.operatorReference,
    paymentPage: link.paymentPageReference,
    payerPhone: deposit.customerPhone,
    country: deposit.country,
    environment: link.environment,
  };
}

/** The receipt page's read, on the process's database. */
export function findPageReceipt(reference: string, environment: Environment) {
  return findReceipt(db(), reference, environment);
}
