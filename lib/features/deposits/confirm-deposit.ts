import type { DbClient } from "@/lib/core/db/client";
import { OTP_MAX_ATTEMPTS } from "@/lib/core/domain/deposit-status";
import type { Environment } from "@/lib/core/domain/environment";
import { newReference } from "@/lib/core/domain/references";
import { ulid } from "@/lib/core/domain/ulid";
import type { Deposit } from "@prisma/client";
import { followUntil, nextOperatorCheck } from "@/lib/core/domain/operator-polling";
import type { GatewayAdapter, OtpOutcome } from "@/lib/integrations/gateways/adapter";
import { depositAdapter } from "@/lib/integrations/gateways/gateway-adapter";
import { operatorOutcome } from "@/lib/integrations/gateways/operators/operator-outcome";
import {
  OperatorError,
  OperatorNotSentError,
  OperatorRejectedError,
  OperatorUnknownOutcomeError,
  paymentMaybeSent,
} from "@/lib/integrations/gateways/operators/operator-errors";
import { operatorTimeoutMs } from "@/lib/integrations/gateways/operators/operator-http";
import { DomainError } from "@/lib/core/errors/domain-error";
import { applyGatewayOutcome } from "./sync-deposit-with-gateway";
import { transitionDeposit } from "./transition-deposit";

type Options = { merchantId: string; environment: Environment; trxReference: string; otp: string; now?: Date };

const otpGone = (details: string) => new DomainError("not_found", { reason: "otp_gone", field: "otp", rule: "code_expired", details });

const alreadyConfirmed = (deposit: Deposit) =>
  new DomainError("refused", { rule: "already_confirmed", details: `${deposit.reference} is already confirmed as ${deposit.validatedReference ?? deposit.operatorReference ?? deposit.reference}` });

/** A code of this invoice is with the operator: a second one could be a second debit. */
const paymentBeingProcessed = (reference: string) =>
  new DomainError("conflict", {
    rule: "payment_in_progress",
    details: `A payment with a code is being processed for ${reference}; its outcome will be known shortly: read the deposit (GET /api/v4/deposits/${reference}) instead of confirming again`,
  });

/**
 * How long a live invoice's claim covers the operator call before the sweep reads the payment by
 * its reference: the longest the call can take (a token call and the payment, twice when a 401 is
 * retried with a new token), and a margin. Only matters if this process dies during the call.
 */
const claimGraceMs = () => 4 * operatorTimeoutMs() + 5_000;

/** A claim given back: no code is with the operator for this invoice, nothing to follow there. */
const RELEASED = { confirmedAt: null, nextCheckAt: null, followUntil: null } as const;

/**
 * Step 2 of the OTP deposit. Every check that changes state is a conditional update, so two
 * confirmations of one invoice complete it once, and concurrent wrong codes never get more
 * than OTP_MAX_ATTEMPTS tries between them. Runs outside any request transaction on purpose:
 * a wrong try must be recorded even though the request fails.
 *
 * A live operator takes the payment with the code (Orange Money): a second code while the first
 * one's payment is pending or unknown could be a second debit. So the invoice is claimed before
 * the operator is called (`confirmedAt`, set where it is null): of concurrent confirmations exactly
 * one calls the operator, the others get 409, and so does every confirmation until the payment's
 * outcome is known. The claim is given back only when the operator surely took nothing (it refused
 * the code, or our call, or the call never left), so the customer can try another code within the
 * 5 tries. An unknown outcome keeps it: the invoice stays pending, followed at the operator
 * (`followUntil`, `nextCheckAt`) until the status read by reference settles it. If this process
 * dies during the call, the claim stays too: the sweep reads the payment by reference from
 * `nextCheckAt`, and the invoice ends at its expiry (at most INVOICE_LIFETIME_MS) if the operator
 * has nothing, still followed in case the payment shows up late.
 */
export async function confirmDeposit(client: DbClient, { merchantId, environment, trxReference, otp, now = new Date() }: Options) {
  const invoice = await client.deposit.findUnique({ where: { reference: trxReference } });
  if (!invoice || invoice.merchantId !== merchantId || invoice.environment !== environment) {
    throw new DomainError("not_found", { reason: "transaction", details: `No deposit invoice ${trxReference} for this account` });
  }
  if (invoice.flow !== "otp") {
    throw new DomainError("refused", {
      details: `${trxReference} is not an OTP invoice: only references from generate-invoice can be confirmed`,
    });
  }
  if (invoice.status === "completed") throw alreadyConfirmed(invoice);
  // The sandbox sets confirmedAt only with the completion: on a pending invoice it is a live claim.
  if (invoice.status === "pending" && invoice.confirmedAt) throw paymentBeingProcessed(trxReference);
  if (invoice.status === "failed") throw otpGone(`The OTP of ${trxReference} is spent (${OTP_MAX_ATTEMPTS} wrong tries); generate a new invoice`);
  if (invoice.status === "expired" || !invoice.otpExpiresAt || now >= invoice.otpExpiresAt) {
    await transitionDeposit(client, { id: invoice.id, to: "expired", at: invoice.expiresAt });
    throw otpGone(`The OTP of ${trxReference} has expired; generate a new invoice`);
  }

  const adapter = depositAdapter(invoice);
  if (!adapter) throw new DomainError("operator_failed", { details: `Gateway ${invoice.gatewayName} is not available` });

  // The sandbox checks its own code and moves no money: no claim, concurrent codes race as before.
  const claimedAt = environment === "live" ? await claimInvoice(client, invoice, now) : null;
  const outcome = await verifyWithOperator(client, adapter, invoice, otp, claimedAt);
  if (outcome.status === "wrong_code") return countWrongTry(client, invoice, claimedAt, now);

  // A live operator took the payment with the code: its answer is final or to be read again.
  const operatorReference = "operatorReference" in outcome ? outcome.operatorReference : undefined;
  if (outcome.status === "pending") {
    await client.deposit.updateMany({
      where: { id: invoice.id, status: "pending" },
      data: { operatorReference: operatorReference ?? null, confirmedAt: claimedAt ?? now, nextCheckAt: nextOperatorCheck(now, now), followUntil: followUntil(now) },
    });
    return client.deposit.findUniqueOrThrow({ where: { id: invoice.id } });
  }
  // Final at the operator: nothing left to follow there.
  const settled = { confirmedAt: claimedAt ?? now, followUntil: null, nextCheckAt: null, ...(operatorReference ? { operatorReference } : {}) };
  const at = outcome.at ?? now;
  const validatedReference = newReference("validated", environment);
  const changed =
    outcome.status === "failed"
      ? await transitionDeposit(client, { id: invoice.id, to: "failed", at, failureReason: outcome.reason, extra: settled })
      : await transitionDeposit(client, {
          id: invoice.id,
          to: "completed",
          at,
          // The sandbox's code is ours to refuse past its tries or expiry; a live operator's "paid" is
          // money taken: recorded whatever our clock says.
          guard: environment === "sandbox" ? { otpAttempts: { lt: OTP_MAX_ATTEMPTS }, otpExpiresAt: { gt: now } } : {},
          extra: { ...settled, validatedReference },
        });
  const current = await client.deposit.findUniqueOrThrow({ where: { id: invoice.id } });
  if (changed) return current;
  // Live: the invoice moved during the call (a status read after a callback settled it, a reader
  // expired it): the operator's answer is recorded as such reads record it (a success after our
  // expiry completes it late), and the deposit is answered as it stands.
  if (claimedAt) return applyGatewayOutcome(client, current, outcome, now);
  if (current.status === "completed") throw alreadyConfirmed(current);
  throw otpGone(`The OTP of ${trxReference} can no longer be used; generate a new invoice`);
}

/** Takes the live invoice for this confirmation's code; another confirmation holding it (or having ended it) is answered here. */
async function claimInvoice(client: DbClient, invoice: Deposit, now: Date): Promise<Date> {
  const claimed = await client.deposit.updateMany({
    where: { id: invoice.id, status: "pending", confirmedAt: null, otpAttempts: { lt: OTP_MAX_ATTEMPTS } },
    data: { confirmedAt: now, nextCheckAt: new Date(now.getTime() + claimGraceMs()), followUntil: followUntil(now) },
  });
  if (claimed.count === 1) return now;
  const current = await client.deposit.findUniqueOrThrow({ where: { id: invoice.id } });
  if (current.status === "completed") throw alreadyConfirmed(current);
  if (current.status === "pending" && current.confirmedAt) throw paymentBeingProcessed(invoice.reference);
  throw otpGone(`The OTP of ${invoice.reference} can no longer be used; generate a new invoice`);
}

/** Whether the operator surely took no payment: the call never left, or the operator refused it. */
function surelyNotTaken(error: unknown): boolean {
  if (error instanceof OperatorNotSentError || error instanceof OperatorRejectedError) return true;
  return error instanceof OperatorUnknownOutcomeError && !paymentMaybeSent(error);
}

/**
 * The adapter's answer to the code. An operator that could not be reached or refused our call is
 * 502/503 and no try is spent (the claim is given back); a payment that may have been sent is
 * pending (the claim stays); anything else keeps the claim too, the status reads settle it.
 */
async function verifyWithOperator(client: DbClient, adapter: GatewayAdapter, invoice: Deposit, otp: string, claimedAt: Date | null): Promise<OtpOutcome> {
  try {
    return await adapter.verifyOtp(invoice, otp);
  } catch (error) {
    if (claimedAt && surelyNotTaken(error)) {
      await client.deposit.updateMany({ where: { id: invoice.id, status: "pending", confirmedAt: claimedAt }, data: RELEASED });
    } else if (claimedAt && error instanceof OperatorUnknownOutcomeError) {
      return { status: "pending" };
    }
    if (error instanceof OperatorError) throw operatorOutcome(error, "the code was not used; try again");
    throw error;
  }
}

/** A code refused: one of the tries (the 5th spends the invoice); a live claim is given back for the next code. */
async function countWrongTry(client: DbClient, invoice: Deposit, claimedAt: Date | null, now: Date): Promise<never> {
  const counted = await client.deposit.updateMany({
    where: { id: invoice.id, status: "pending", otpAttempts: { lt: OTP_MAX_ATTEMPTS }, ...(claimedAt ? { confirmedAt: claimedAt } : {}) },
    data: { otpAttempts: { increment: 1 }, ...(claimedAt ? RELEASED : {}) },
  });
  if (counted.count === 0) throw otpGone(`The OTP of ${invoice.reference} is spent; generate a new invoice`);
  // When it was typed, for the support timeline (the counter above is what limits the tries).
  await client.depositOtpTry.create({ data: { id: `otp_${ulid()}`, depositId: invoice.id, at: now } });
  const { otpAttempts } = await client.deposit.findUniqueOrThrow({ where: { id: invoice.id }, select: { otpAttempts: true } });
  const left = Math.max(0, OTP_MAX_ATTEMPTS - otpAttempts);
  if (left === 0) {
    await transitionDeposit(client, { id: invoice.id, to: "failed", at: now, failureReason: "otp_attempts_exceeded" });
  }
  throw new DomainError("invalid", {
    reason: "otp",
    field: "otp",
    rule: "wrong_code",
    details: left > 0 ? `Wrong code: ${left} ${left === 1 ? "try" : "tries"} left` : "Wrong code: no tries left, the OTP is spent",
  });
}
