import type { LedgerEntry, Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { minorUnits, toMajor, toMinor } from "@/lib/core/domain/money";
import { computeFeesMinor, maxAmountWithinMinor, type FeeSchedule } from "@/lib/core/domain/fees";
import { DomainError } from "@/lib/core/errors/domain-error";
import { readAvailableMinor } from "@/lib/features/ledger/read-balances";
import { resolveWithdrawalGateway } from "@/lib/features/transfers/resolve-withdrawal-gateway";
import { normalizePhone } from "@/lib/core/domain/phone";
import { listGateways } from "@/lib/integrations/gateways/list-gateways";
import { validationError } from "@/lib/core/errors/validation-errors";
import { checkFieldsText } from "@/lib/core/request/storable-text";
import { ACCOUNTS } from "@/lib/features/ledger/accounts";
import { readBalances } from "@/lib/features/ledger/read-balances";
import { transferRequestSchema } from "@/lib/core/schemas/transfer";
import { createTransfer } from "@/lib/features/transfers/create-transfer";
import { amountFromForm } from "@/lib/features/merchants/form-input";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { afterCursor, createdAtRange, decodeCursor, PAGE_SIZE, toPage, type ListFilters } from "@/lib/core/domain/list-filters";

// Balance and transfers as a merchant sees them: balances per currency, the ledger statement of the
// merchant's own accounts, transfers through the transfers code (same rules and errors as the API).

/** Available (can be paid out) and pending (transfers and refunds in flight) per currency. */
export function balanceOverview(client: DbClient, scope: MerchantScope) {
  return readBalances(client, scope.merchantId, scope.environment);
}

const MERCHANT_ACCOUNTS = [ACCOUNTS.available, ACCOUNTS.inFlight];

function statementWhere(scope: MerchantScope, filters: Pick<ListFilters, "from" | "to">): Prisma.LedgerEntryWhereInput {
  return { merchantId: scope.merchantId, environment: scope.environment, account: { in: MERCHANT_ACCOUNTS }, createdAt: createdAtRange(filters) };
}

/** One page of the statement: the entries of the merchant's accounts, newest first. */
export async function ledgerStatement(client: DbClient, scope: MerchantScope, filters: ListFilters) {
  const after = afterCursor(decodeCursor(filters.cursor));
  const rows = await client.ledgerEntry.findMany({
    where: { ...statementWhere(scope, filters), ...(after ?? {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PAGE_SIZE + 1,
  });
  return toPage(rows);
}

/** CSV text of one field: quoted when it holds a separator, a quote or a line break; formula starts neutralised for spreadsheets. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}


/**
 * The whole statement (day range optional), oldest first, read in batches so a long history never
 * sits in memory: the dashboard's CSV in the member's words (lib/surfaces/dashboard/report-csv.ts).
 */
export async function* statementEntries(client: DbClient, scope: MerchantScope, filters: Pick<ListFilters, "from" | "to">, batch = 500): AsyncGenerator<LedgerEntry> {
  let cursor: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const after: Prisma.LedgerEntryWhereInput | undefined = cursor
      ? { OR: [{ createdAt: { gt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { gt: cursor.id } }] }
      : undefined;
    const rows: LedgerEntry[] = await client.ledgerEntry.findMany({ where: { ...statementWhere(scope, filters), ...(after ?? {}) }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: batch });
    yield* rows;
    if (rows.length < batch) return;
    cursor = rows[rows.length - 1];
  }
}

/** Exact decimal text of minor units, from the integer's digits (no float): -1050 EUR -> "-10.50". */
export function minorText(minor: bigint, currency: string): string {
  const digits = minorUnits(currency);
  const absolute = (minor < 0n ? -minor : minor).toString().padStart(digits + 1, "0");
  const text = digits ? `${absolute.slice(0, -digits)}.${absolute.slice(-digits)}` : absolute;
  return minor < 0n ? `-${text}` : text;
}

/** The transfer gateways enabled for the merchant, for the form's choice. */
export async function withdrawalGateways(client: DbClient, scope: MerchantScope) {
  return listGateways(client, "withdrawal", scope.merchantId);
}

export const TRANSFER_FORM_FIELDS = ["amount", "currency", "gatewayName", "country", "beneficiaryPhone", "beneficiaryName"] as const;

/** The transfer form's fields as the API's request body, checked by the API's schema (errors are the API's). */
export function transferInputFromForm(form: Record<string, string>) {
  checkFieldsText(new URLSearchParams(form));
  const input: Record<string, unknown> = {};
  for (const field of TRANSFER_FORM_FIELDS) {
    const value = form[field]?.trim();
    if (value) input[field] = value;
  }
  // Typed as people type them: "5 000" (lib/core/domain/amount-input.ts), the beneficiary's number in
  // the local form of the country chosen in the form (lib/core/domain/phone.ts).
  if (typeof input.amount === "string") input.amount = amountFromForm(input.amount, String(input.currency ?? ""));
  if (typeof input.beneficiaryPhone === "string") input.beneficiaryPhone = normalizePhone(input.beneficiaryPhone, String(input.country ?? "")) ?? input.beneficiaryPhone;
  const parsed = transferRequestSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, input);
  return parsed.data;
}

/** A transfer from the form: the API's request body through the API's schema and createTransfer. */
export async function requestTransferFromForm(client: DbClient, scope: MerchantScope, form: Record<string, string>) {
  return createTransfer(client, { merchantId: scope.merchantId, environment: scope.environment, input: transferInputFromForm(form) });
}

/**
 * The most a merchant can withdraw in a currency through a gateway: the available balance less
 * that transfer's own fees (maxAmountWithinMinor, by the fee rule createTransfer checks with).
 */
export function maxTransferMinor(availableMinor: bigint, currency: string, schedule: FeeSchedule) {
  return maxAmountWithinMinor(availableMinor, currency, schedule);
}

/** The most the form's transfer (its gateway, currency, country) could take of the available balance. */
export async function transferLimitFromForm(client: DbClient, scope: MerchantScope, form: Record<string, string>) {
  const input = transferInputFromForm(form);
  const { fees } = await resolveWithdrawalGateway(client, { merchantId: scope.merchantId, gatewayName: input.gatewayName, currency: input.currency, country: input.country });
  const availableMinor = await readAvailableMinor(client, scope.merchantId, scope.environment, input.currency);
  return { currency: input.currency, availableMinor, maxMinor: maxTransferMinor(availableMinor, input.currency, fees) };
}

/**
 * What a transfer from the form would do, before it is confirmed: nothing is written. The same
 * checks as requestTransferFromForm (fields, gateway, currency, country), then the balance: more than the
 * available balance can pay with its fees is refused with 40013, as createTransfer would refuse it.
 * Returns the amount, the fees, the total leaving the balance, and the most that could be transferred.
 */
export async function reviewTransferFromForm(client: DbClient, scope: MerchantScope, form: Record<string, string>) {
  const input = transferInputFromForm(form);
  const { gateway, fees } = await resolveWithdrawalGateway(client, { merchantId: scope.merchantId, gatewayName: input.gatewayName, currency: input.currency, country: input.country });
  const amountMinor = toMinor(input.amount, input.currency) as bigint;
  const feesMinor = computeFeesMinor(amountMinor, input.currency, fees);
  const availableMinor = await readAvailableMinor(client, scope.merchantId, scope.environment, input.currency);
  const review = { input, gateway: gateway.name, amountMinor, feesMinor, totalMinor: amountMinor + feesMinor, availableMinor, maxMinor: maxTransferMinor(availableMinor, input.currency, fees) };
  if (review.totalMinor > availableMinor) throw new DomainError("insufficient_balance", { field: "amount", rule: "exceeds_available_balance", details: `available ${toMajor(availableMinor, input.currency)} ${input.currency}; at most ${toMajor(review.maxMinor, input.currency)} can be withdrawn through ${gateway.name}` });
  return review;
}

/** One page of the member's transfers, newest first. */
export async function listMerchantTransfers(client: DbClient, scope: MerchantScope, cursor?: string) {
  const after = afterCursor(decodeCursor(cursor));
  const rows = await client.transfer.findMany({
    where: { merchantId: scope.merchantId, environment: scope.environment, ...(after ?? {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PAGE_SIZE + 1,
  });
  return toPage(rows);
}
