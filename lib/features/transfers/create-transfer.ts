import type { Transfer } from "@prisma/client";
import { ulid } from "@/lib/core/domain/ulid";
import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import type { Environment } from "@/lib/core/domain/environment";
import { computeFeesMinor } from "@/lib/core/domain/fees";
import { toMajor, toMinor } from "@/lib/core/domain/money";
import { newReference } from "@/lib/core/domain/references";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { DomainError } from "@/lib/core/errors/domain-error";
import { ACCOUNTS } from "@/lib/features/ledger/accounts";
import { lockBalance } from "@/lib/features/ledger/lock-balance";
import { postEntries } from "@/lib/features/ledger/post-entries";
import { readAvailableMinor } from "@/lib/features/ledger/read-balances";
import type { TransferRequest } from "@/lib/core/schemas/transfer";
import { livePayoutAdapter } from "@/lib/integrations/gateways/live-adapters";
import { sendClaimLeaseMs } from "@/lib/features/money-out/send-claim";
import { nextBatchTime } from "./next-batch-time";
import { stepLiveTransfer } from "./send-live-transfer";
import { resolveWithdrawalGateway } from "./resolve-withdrawal-gateway";

/**
 * Accepts a transfer, the intent of its request (one transaction, no operator call): checks the
 * gateway, then, holding the merchant's balance lock for the currency, checks the available
 * balance and moves amount + fees from available to in flight. Not enough: 422/40013 and nothing
 * written. What happens next depends on the gateway's type: a live DIRECT payout is sent by the
 * request that made it once this has committed (sendAcceptedTransfer), or by the due-work sweep if
 * that request died (its dueAt leaves the request a send claim's lease first); the sandbox
 * simulator answers after a short delay; MANUAL waits for an admin, SCHEDULED for the next batch.
 */
export async function acceptTransfer(
  client: DbClient,
  options: { merchantId: string; environment: Environment; input: TransferRequest; now?: Date },
) {
  const { merchantId, environment, input } = options;
  const now = options.now ?? new Date();
  const { gateway, fees } = await resolveWithdrawalGateway(client, {
    merchantId,
    gatewayName: input.gatewayName,
    currency: input.currency,
    country: input.country,
  });
  // Live DIRECT payouts go through a wired operator (MTN Disbursement, Wave); without one they are
  // refused rather than take the money and sit on it. Live SCHEDULED ones wait for their batch,
  // then go through the operator or, for a bank transfer, to support (send-due-transfer.ts).
  const operator = environment === "live" && gateway.type !== "MANUAL" ? livePayoutAdapter(gateway.name) : null;
  const payout = gateway.type === "DIRECT" ? operator : null;
  if (environment === "live" && gateway.type === "DIRECT" && !payout) {
    throw new DomainError("operator_failed", { details: `${gateway.name} payouts are not available in production yet` });
  }
  const amountMinor = toMinor(input.amount, input.currency) as bigint;
  const feesMinor = computeFeesMinor(amountMinor, input.currency, fees);
  const totalMinor = amountMinor + feesMinor;
  const dueAt = payout
    ? new Date(now.getTime() + sendClaimLeaseMs())
    : gateway.type === "DIRECT"
      ? new Date(now.getTime() + sandboxAnswerDelayMs())
      : gateway.type === "SCHEDULED"
        ? nextBatchTime(now)
        : null;

  const reference = newReference("transfer", environment);
  return inTransaction(client, async (tx) => {
    await lockBalance(tx, merchantId, environment, input.currency);
    const available = await readAvailableMinor(tx, merchantId, environment, input.currency);
    if (available < totalMinor) {
      throw new DomainError("insufficient_balance", {
        details: `available ${toMajor(available, input.currency)} ${input.currency}; this transfer needs ${toMajor(totalMinor, input.currency)} (amount ${input.amount} + fees ${toMajor(feesMinor, input.currency)})`,
      });
    }
    const transfer = await tx.transfer.create({
      data: {
        id: `trf_${ulid()}`,
        reference,
        merchantId,
        environment,
        gatewayName: gateway.name,
        gatewayType: gateway.type,
        amountMinor,
        feesMinor,
        currency: input.currency,
        country: input.country,
        beneficiaryPhone: input.beneficiaryPhone,
        beneficiaryName: input.beneficiaryName,
        callbackUrl: input.callbackUrl,
        metadata: input.metadata,
        dueAt,
        createdAt: now,
        // Stored before the operator is called, whenever one will be (a DIRECT payout now, a
        // SCHEDULED one served by an operator at its batch): the payout can always be sent again
        // or read by it.
        operatorRequestId: operator?.newRequestId({ reference }) ?? null,
      },
    });
    await postEntries(tx, {
      merchantId,
      environment,
      currency: input.currency,
      kind: "transfer_accepted",
      reference: transfer.reference,
      at: now,
      lines: [
        [ACCOUNTS.available, -totalMinor],
        [ACCOUNTS.inFlight, totalMinor],
      ],
    });
    return transfer;
  });
}

/** Accepts a transfer, then (its intent committed) sends it when it goes to a live operator at once. */
export async function createTransfer(client: DbClient, options: Parameters<typeof acceptTransfer>[1]) {
  return sendAcceptedTransfer(client, await acceptTransfer(client, options));
}

/**
 * The second phase of a transfer's request, outside any transaction: a live DIRECT payout's first
 * step at its operator (lib/features/money-out/), made now rather than by the sweep so the answer
 * the operator gives at once (Wave pays synchronously) is the request's. `resumed`: a retry of a
 * request that stopped after its intent; the step is then only taken once it is due (the sweep
 * may be on it), never as an extra call per retry. Returns the row as it now stands.
 */
export async function sendAcceptedTransfer(client: DbClient, transfer: Transfer, options: { resumed?: boolean; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const payout = transfer.environment === "live" && transfer.gatewayType === "DIRECT" ? livePayoutAdapter(transfer.gatewayName) : null;
  if (!payout || transfer.status !== "pending" || (options.resumed && transfer.dueAt && transfer.dueAt > now)) return transfer;
  return stepLiveTransfer(client, transfer.id, payout, now);
}
