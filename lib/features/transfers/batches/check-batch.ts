import type { Gateway } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { DIAL_CODES } from "@/lib/core/domain/dial-codes";
import type { Environment } from "@/lib/core/domain/environment";
import { computeFeesMinor, type FeeSchedule } from "@/lib/core/domain/fees";
import { toMajor, toMinor } from "@/lib/core/domain/money";
import { DomainError, isOutcome, type LineRefusal } from "@/lib/core/errors/domain-error";
import { validationError } from "@/lib/core/errors/validation-errors";
import { BATCH_MAX_LINES, transferBatchItemSchema, type TransferBatchItem } from "@/lib/core/schemas/transfer-batch";
import { readAvailableMinor } from "@/lib/features/ledger/read-balances";
import { livePayoutAdapter } from "@/lib/integrations/gateways/live-adapters";
import { resolveWithdrawalGateway } from "@/lib/features/transfers/resolve-withdrawal-gateway";

// A batch checked whole before anything is written or held (issue 49): every line as an instant
// transfer would be (its schema, its gateway for its currency and country, a live operator to send
// it), plus what only a batch can get wrong (a phone of another country than its line's, a
// reference or a line twice, a reference an earlier batch still holds, lines in several
// currencies), then the total with fees against the available balance. Every refused line is
// named with its field and rule, not only the first.

/** A line that passed: what the batch stores for it. */
export type CheckedLine = {
  lineNumber: number;
  item: TransferBatchItem;
  gateway: Pick<Gateway, "name" | "type">;
  amountMinor: bigint;
  feesMinor: bigint;
};

export type CheckedBatch = {
  lines: CheckedLine[];
  currency: string;
  amountMinor: bigint;
  feesMinor: bigint;
  availableMinor: bigint;
};

type CheckOptions = {
  merchantId: string;
  environment: Environment;
  items: unknown[];
  /** Lines of this batch may hand their references over (a retry of its failed lines). */
  retryOfBatchId?: string | null;
};

/** Throws the refusal of the whole batch (each bad line named, or the balance short); else the lines as they will be stored. */
export async function checkTransferBatch(client: DbClient, options: CheckOptions): Promise<CheckedBatch> {
  const { merchantId, environment, items } = options;
  if (items.length === 0 || items.length > BATCH_MAX_LINES) {
    throw new DomainError("invalid", { field: "items", rule: items.length === 0 ? "too_few" : "too_many", details: `items must hold 1 to ${BATCH_MAX_LINES} transfers` });
  }
  const refusals: LineRefusal[] = [];
  const refuse = (line: number, reference: string | null, field: string, rule: LineRefusal["rule"], message: string) => refusals.push({ line, reference, field, rule, message });
  const gateways = gatewayLookup(client, merchantId);
  const lines: CheckedLine[] = [];
  const seenReferences = new Map<string, number>();
  const seenLines = new Map<string, number>();

  for (const [index, input] of items.entries()) {
    const lineNumber = index + 1;
    const reference = readableReference(input);
    const parsed = transferBatchItemSchema.safeParse(input);
    if (!parsed.success) {
      const error = validationError(parsed.error, input);
      refuse(lineNumber, reference, error.field ?? "items", error.rule ?? "invalid", error.details ?? "is not a valid transfer");
      continue;
    }
    const item = parsed.data;
    const dialCode = DIAL_CODES[item.country];
    if (dialCode && !item.beneficiaryPhone.startsWith(`+${dialCode}`)) {
      refuse(lineNumber, reference, "beneficiaryPhone", "phone_country", `beneficiaryPhone ${item.beneficiaryPhone} is not a number of ${item.country} (+${dialCode})`);
      continue;
    }
    const firstWithReference = seenReferences.get(item.reference);
    if (firstWithReference) {
      refuse(lineNumber, reference, "reference", "duplicate_in_batch", `reference ${item.reference} is also line ${firstWithReference}'s`);
      continue;
    }
    seenReferences.set(item.reference, lineNumber);
    const sameLine = `${item.gatewayName}|${item.beneficiaryPhone}|${item.amount}|${item.currency}`;
    const firstSame = seenLines.get(sameLine);
    if (firstSame) {
      refuse(lineNumber, reference, "beneficiaryPhone", "duplicate_in_batch", `line ${firstSame} already pays ${item.amount} ${item.currency} to ${item.beneficiaryPhone} by ${item.gatewayName}`);
      continue;
    }
    seenLines.set(sameLine, lineNumber);
    const resolved = await gateways(item);
    if (resolved instanceof DomainError) {
      refuse(lineNumber, reference, resolved.field ?? "gatewayName", resolved.rule ?? "invalid", resolved.details ?? "gateway refused");
      continue;
    }
    // As for an instant transfer (create-transfer.ts): a live DIRECT payout needs a wired operator.
    if (environment === "live" && resolved.gateway.type === "DIRECT" && !livePayoutAdapter(resolved.gateway.name)) {
      refuse(lineNumber, reference, "gatewayName", "operator_not_available", `${resolved.gateway.name} payouts are not available in production yet`);
      continue;
    }
    const amountMinor = toMinor(item.amount, item.currency) as bigint;
    lines.push({ lineNumber, item, gateway: resolved.gateway, amountMinor, feesMinor: computeFeesMinor(amountMinor, item.currency, resolved.fees) });
  }

  const currencies = [...new Set(lines.map((line) => line.item.currency))];
  if (currencies.length > 1) {
    for (const line of lines.filter((l) => l.item.currency !== currencies[0])) {
      refuse(line.lineNumber, line.item.reference, "currency", "mixed_currencies", `currency ${line.item.currency} differs from line ${lines[0]!.lineNumber}'s ${currencies[0]}: one batch pays in one currency`);
    }
  }
  for (const taken of await referencesHeld(client, options, [...seenReferences.keys()])) {
    const lineNumber = seenReferences.get(taken)!;
    refuse(lineNumber, taken, "reference", "reference_already_used", `reference ${taken} was already sent in another batch: a reference pays at most once`);
  }
  if (refusals.length > 0) {
    refusals.sort((a, b) => a.line - b.line);
    const shown = refusals.slice(0, 3).map((r) => `line ${r.line}: ${r.message}`).join("; ");
    throw new DomainError("invalid", {
      field: "items",
      rule: refusals[0]!.rule,
      details: `${refusals.length} of ${items.length} lines refused, nothing was written (see error.lines): ${shown}${refusals.length > 3 ? "; ..." : ""}`,
      lines: refusals,
    });
  }

  const currency = currencies[0]!;
  const amountMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0n);
  const feesMinor = lines.reduce((sum, line) => sum + line.feesMinor, 0n);
  const availableMinor = await readAvailableMinor(client, merchantId, environment, currency);
  assertCovers(availableMinor, amountMinor + feesMinor, currency, feesMinor);
  return { lines, currency, amountMinor, feesMinor, availableMinor };
}

/** Refuses a batch the available balance does not cover (checked when made, and again under the lock when approved). */
export function assertCovers(availableMinor: bigint, totalMinor: bigint, currency: string, feesMinor: bigint) {
  if (availableMinor >= totalMinor) return;
  throw new DomainError("insufficient_balance", {
    field: "items",
    rule: "exceeds_available_balance",
    details: `available ${toMajor(availableMinor, currency)} ${currency}; this batch needs ${toMajor(totalMinor, currency)} (amounts + fees ${toMajor(feesMinor, currency)})`,
  });
}

/** The line's reference as sent, when it is a string worth naming in an error. */
function readableReference(input: unknown): string | null {
  const reference = typeof input === "object" && input !== null ? (input as { reference?: unknown }).reference : undefined;
  return typeof reference === "string" && reference.length > 0 && reference.length <= 64 ? reference : null;
}

/** The merchant's withdrawal gateways, looked up once per gateway, currency and country for the whole batch. */
function gatewayLookup(client: DbClient, merchantId: string) {
  const seen = new Map<string, Promise<{ gateway: Gateway; fees: FeeSchedule } | DomainError>>();
  return (item: TransferBatchItem) => {
    const key = `${item.gatewayName}|${item.currency}|${item.country}`;
    let found = seen.get(key);
    if (!found) {
      found = resolveWithdrawalGateway(client, { merchantId, gatewayName: item.gatewayName, currency: item.currency, country: item.country }).catch((error: unknown) => {
        if (isOutcome(error)) return error;
        throw error;
      });
      seen.set(key, found);
    }
    return found;
  };
}

/** Which of these references a line of another batch still holds (a retry's own batch may hand its failed lines' over). */
async function referencesHeld(client: DbClient, options: CheckOptions, references: string[]): Promise<string[]> {
  if (references.length === 0) return [];
  const held = await client.transferBatchLine.findMany({
    where: {
      merchantId: options.merchantId,
      environment: options.environment,
      activeReference: { in: references },
      // A retry's own lines are freed in its transaction (create-batch.ts), only if still failed.
      ...(options.retryOfBatchId ? { batchId: { not: options.retryOfBatchId } } : {}),
    },
    select: { activeReference: true },
  });
  return held.map((line) => line.activeReference!);
}
