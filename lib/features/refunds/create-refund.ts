import type { Refund } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { guardedWrite, runLockedWrite, type LockedWrite } from "@/lib/core/db/locked-write";
import { statementJoiner, type Statement } from "@/lib/core/db/sql";
import type { Environment } from "@/lib/core/domain/environment";
import { toMajor, toMinor } from "@/lib/core/domain/money";
import { DomainError } from "@/lib/core/errors/domain-error";
import { availableRead, postingInserts } from "@/lib/features/ledger/ledger-sql";
import { balanceLock } from "@/lib/features/ledger/lock-balance";
import { refundRequestedPosting } from "@/lib/features/ledger/refund-entries";
import type { RefundRequest } from "@/lib/core/schemas/refund";
import { stepLiveMoneyOut } from "@/lib/features/money-out/send-due-money-out";
import { REFUND_KIND } from "./refund-kind";
import { findRefundablePayment } from "./find-refundable-payment";
import { newRefundId, newRefundRow } from "./insert-refund";
import { refundedRead, refundInsert } from "./refund-sql";

/**
 * A merchant gives a customer's money back, in full or in part: at most the payment's amount (what
 * the merchant was credited) less the earlier refunds still standing, out of the merchant's
 * available balance; the fees the customer paid on top are not returned (docs/decisions.md). Under the balance
 * lock of the currency, so concurrent refunds (of one payment or of several) and payouts never take
 * more than there is. This is the request's intent (one transaction, no operator call): a live
 * refund then goes to its operator once committed (sendAcceptedRefund), the sandbox answers shortly
 * after; the merchant hears refund.completed or refund.failed. In `client`'s transaction when it is
 * one (the dashboard's forms), else in one of its own, in direct SQL (prepareRefund).
 */
export async function acceptRefund(client: DbClient, options: RefundOptions): Promise<Refund> {
  return runLockedWrite(client, await prepareRefund(client, options));
}

type RefundOptions = { merchantId: string; environment: Environment; input: RefundRequest; requestedBy: string; now?: Date };

/**
 * acceptRefund's work before its transaction (the payment, read through Prisma), and its write
 * under the balance lock (lib/core/db/locked-write.ts): one statement reads what the payment's
 * refunds hold and the available balance, the checks follow (the amount depends on them: all that
 * is left when none is asked), then one statement writes the refund and its entries. The API's
 * route runs it with the Idempotency-Key's claim (lib/surfaces/http/idempotency.ts).
 */
export async function prepareRefund(client: DbClient, options: RefundOptions): Promise<LockedWrite<Refund>> {
  const { merchantId, environment, input } = options;
  const now = options.now ?? new Date();
  const payment = await findRefundablePayment(client, { reference: input.paymentReference, merchantId, environment });
  const { deposit } = payment;
  const money = (minor: bigint) => `${toMajor(minor, deposit.currency)} ${deposit.currency}`;
  const reads = lockedReads(deposit.id, merchantId, environment, deposit.currency);
  const id = newRefundId();
  return {
    id,
    lock: balanceLock(merchantId, environment, deposit.currency),
    write: async (sql, alongside) => {
      const [read] = await sql(reads.text, reads.params);
      const refundable = payment.amountMinor - BigInt(read!.refunded!);
      if (refundable <= 0n) throw new DomainError("refused", { field: "paymentReference", rule: "fully_refunded", details: `${payment.paymentReference} is already refunded in full` });
      const amountMinor = input.amount === undefined ? refundable : toMinor(input.amount, deposit.currency);
      if (amountMinor === null) throw new DomainError("invalid", { reason: "amount", field: "amount", rule: "decimals", details: `amount has more decimals than ${deposit.currency} allows` });
      if (amountMinor > refundable) {
        throw new DomainError("invalid", { reason: "amount", field: "amount", rule: "exceeds_refundable", details: `amount ${money(amountMinor)} is more than can still be refunded for ${payment.paymentReference}: ${money(refundable)}` });
      }
      const available = BigInt(read!.available!);
      if (available < amountMinor) {
        throw new DomainError("insufficient_balance", { field: "amount", rule: "exceeds_available_balance", details: `available ${money(available)}; this refund needs ${money(amountMinor)}` });
      }
      const refund = newRefundRow({
        id,
        deposit,
        paymentReference: payment.paymentReference,
        source: "merchant",
        amountMinor,
        currency: deposit.currency,
        requestedBy: options.requestedBy,
        reason: input.reason,
        callbackUrl: input.callbackUrl ?? payment.callbackUrl,
        metadata: input.metadata,
        at: now,
        sentByRequest: true,
      });
      // The checks above read under the lock, which every refund of this payment and every debit of
      // this balance takes: nothing can change what they read before the transaction ends.
      const { text, params } = guardedWrite({ inserts: [refundInsert(refund), ...postingInserts(refundRequestedPosting(refund, now)!)], alongside });
      const [answer] = await sql(text, params);
      return answer!.written === "1" ? refund : null;
    },
  };
}

/** What the payment's refunds hold and the available balance, in one statement read under the lock. */
function lockedReads(depositId: string, merchantId: string, environment: Environment, currency: string): Statement {
  const { params, add } = statementJoiner();
  const text =
    `WITH ${add(refundedRead(depositId))}, ${add(availableRead(merchantId, environment, currency))} ` +
    `SELECT (SELECT minor::text FROM refunded) AS refunded, (SELECT minor::text FROM available) AS available`;
  return { text, params };
}

/** Accepts a refund, then (its intent committed) sends it to a live operator. */
export async function createRefund(client: DbClient, options: Parameters<typeof acceptRefund>[1]) {
  return sendAcceptedRefund(client, await acceptRefund(client, options));
}

/**
 * The second phase of a refund's request, outside any transaction: a live refund's first step at
 * its operator (lib/features/money-out/). `resumed`: a retry of a request that stopped after its
 * intent, which steps only once the refund is due (as for transfers). Returns the row as it stands.
 */
export async function sendAcceptedRefund(client: DbClient, refund: Refund, options: { resumed?: boolean; now?: Date } = {}) {
  const now = options.now ?? new Date();
  if (refund.environment !== "live" || refund.status !== "pending" || refund.method === "manual") return refund;
  if (options.resumed && refund.dueAt && refund.dueAt > now) return refund;
  return stepLiveMoneyOut(client, REFUND_KIND, refund.id, now);
}
