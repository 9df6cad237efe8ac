import type { Prisma, Transfer } from "@prisma/client";
import { ulid } from "@/lib/core/domain/ulid";
import type { DbClient } from "@/lib/core/db/client";
import { guardedWrite, runLockedWrite, type LockedWrite } from "@/lib/core/db/locked-write";
import type { Environment } from "@/lib/core/domain/environment";
import { computeFeesMinor } from "@/lib/core/domain/fees";
import { toMajor, toMinor } from "@/lib/core/domain/money";
import { newReference } from "@/lib/core/domain/references";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { DomainError } from "@/lib/core/errors/domain-error";
import { ACCOUNTS } from "@/lib/features/ledger/accounts";
import { balanceLock } from "@/lib/features/ledger/lock-balance";
import { availableRead, postingInserts } from "@/lib/features/ledger/ledger-sql";
import type { TransferRequest } from "@/lib/core/schemas/transfer";
import { livePayoutAdapter, newLivePayout } from "@/lib/integrations/gateways/live-adapters";
import { sendClaimLeaseMs } from "@/lib/features/money-out/send-claim";
import { stepLiveMoneyOut } from "@/lib/features/money-out/send-due-money-out";
import { nextBatchTime } from "./next-batch-time";
import { TRANSFER_KIND } from "./transfer-kind";
import { resolveWithdrawalGateway } from "./resolve-withdrawal-gateway";
import { newTransferRow, transferInsert } from "./transfer-sql";

/**
 * Accepts a transfer, the intent of its request (one transaction, no operator call): checks the
 * gateway, then, holding the merchant's balance lock for the currency, checks the available
 * balance and moves amount + fees from available to in flight. Not enough: 422/40013 and nothing
 * written. What happens next depends on the gateway's type: a live DIRECT payout is sent by the
 * request that made it once this has committed (sendAcceptedTransfer), or by the due-work sweep if
 * that request died (its dueAt leaves the request a send claim's lease first); the sandbox
 * simulator answers after a short delay; MANUAL waits for an admin, SCHEDULED for the next batch.
 * In `client`'s transaction when it is one (the dashboard's forms), else in one of its own, in
 * direct SQL (prepareTransfer).
 */
export async function acceptTransfer(client: DbClient, options: TransferOptions): Promise<Transfer> {
  return runLockedWrite(client, await prepareTransfer(client, options));
}

type TransferOptions = { merchantId: string; environment: Environment; input: TransferRequest; now?: Date };

/**
 * acceptTransfer's work before its transaction (the gateway's checks, the amounts, the row and its
 * journal, the operator request id), and its write under the balance lock: one statement that
 * reads the available balance, and inserts the transfer and its entries only when it covers them
 * (lib/core/db/locked-write.ts). The API's route runs it with the Idempotency-Key's claim
 * (lib/surfaces/http/idempotency.ts).
 */
export async function prepareTransfer(client: DbClient, options: TransferOptions): Promise<LockedWrite<Transfer>> {
  const { merchantId, environment, input } = options;
  const now = options.now ?? new Date();
  const { gateway, fees } = await resolveWithdrawalGateway(client, {
    merchantId,
    gatewayName: input.gatewayName,
    currency: input.currency,
    country: input.country,
  });
  // Live DIRECT payouts go through a wired operator (MTN Disbursement, Wave, pawaPay); without one they are
  // refused rather than take the money and sit on it. Live SCHEDULED ones wait for their batch,
  // then go through the operator or, for a bank transfer, to support (transfer-kind.ts).
  const operator = environment === "live" && gateway.type !== "MANUAL" ? newLivePayout(gateway.name) : null;
  const payout = gateway.type === "DIRECT" ? operator : null;
  if (environment === "live" && gateway.type === "DIRECT" && !payout) {
    throw new DomainError("operator_failed", { field: "gatewayName", rule: "operator_not_available", details: `${gateway.name} payouts are not available in production yet` });
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
  const transfer = newTransferRow({
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
    beneficiaryName: input.beneficiaryName ?? null,
    callbackUrl: input.callbackUrl ?? null,
    metadata: (input.metadata ?? null) as Prisma.JsonValue,
    dueAt,
    createdAt: now,
    // Stored before the operator is called, whenever one will be (a DIRECT payout now, a
    // SCHEDULED one served by an operator at its batch): the payout can always be sent again
    // or read by it.
    operatorRequestId: operator?.adapter.newRequestId({ reference }) ?? null,
    // ...through that operator, whoever serves the gateway by then.
    operator: operator?.operator ?? null,
  });
  const entries = postingInserts({
    merchantId,
    environment,
    currency: input.currency,
    kind: "transfer_accepted",
    reference,
    at: now,
    lines: [
      [ACCOUNTS.available, -totalMinor],
      [ACCOUNTS.inFlight, totalMinor],
    ],
  });
  return {
    id: transfer.id,
    lock: balanceLock(merchantId, environment, input.currency),
    write: async (sql, alongside) => {
      const { text, params } = guardedWrite({
        reads: availableRead(merchantId, environment, input.currency),
        check: { text: "(SELECT minor FROM available) >= $1::bigint", params: [String(totalMinor)] },
        select: "(SELECT minor::text FROM available) AS available",
        inserts: [transferInsert(transfer), ...entries],
        alongside,
      });
      const [answer] = await sql(text, params);
      const available = BigInt(answer!.available!);
      if (available < totalMinor) {
        throw new DomainError("insufficient_balance", {
          field: "amount",
          rule: "exceeds_available_balance",
          details: `available ${toMajor(available, input.currency)} ${input.currency}; this transfer needs ${toMajor(totalMinor, input.currency)} (amount ${input.amount} + fees ${toMajor(feesMinor, input.currency)})`,
        });
      }
      return answer!.written === "1" ? transfer : null;
    },
  };
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
  const payout = transfer.environment === "live" && transfer.gatewayType === "DIRECT" ? livePayoutAdapter(transfer.gatewayName, transfer.operator) : null;
  if (!payout || transfer.status !== "pending" || (options.resumed && transfer.dueAt && transfer.dueAt > now)) return transfer;
  return stepLiveMoneyOut(client, TRANSFER_KIND, transfer.id, now);
}
