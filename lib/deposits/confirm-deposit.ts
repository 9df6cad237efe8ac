import type { DbClient } from "@/lib/db/client";
import { OTP_MAX_ATTEMPTS } from "@/lib/domain/deposit-status";
import type { Environment } from "@/lib/domain/environment";
import { newReference } from "@/lib/domain/references";
import { ulid } from "@/lib/domain/ulid";
import type { Deposit } from "@prisma/client";
import { nextOperatorCheck } from "@/lib/domain/operator-polling";
import { gatewayAdapter, type GatewayAdapter, type OtpOutcome } from "@/lib/gateways/adapter";
import { operatorApiError } from "@/lib/gateways/operators/operator-api-error";
import { OperatorError } from "@/lib/gateways/operators/operator-errors";
import { ApiError } from "@/lib/errors/api-error";
import { transitionDeposit } from "./transition-deposit";

type Options = { merchantId: string; environment: Environment; trxReference: string; otp: string; now?: Date };

const otpGone = (details: string) => new ApiError(40007, { details });

/**
 * Step 2 of the OTP deposit. Every check that changes state is a conditional update, so two
 * confirmations of one invoice complete it once, and concurrent wrong codes never get more
 * than OTP_MAX_ATTEMPTS tries between them. Runs outside any request transaction on purpose:
 * a wrong try must be recorded even though the request fails.
 */
export async function confirmDeposit(client: DbClient, { merchantId, environment, trxReference, otp, now = new Date() }: Options) {
  const invoice = await client.deposit.findUnique({ where: { reference: trxReference } });
  if (!invoice || invoice.merchantId !== merchantId || invoice.environment !== environment) {
    throw new ApiError(40006, { details: `No deposit invoice ${trxReference} for this account` });
  }
  if (invoice.flow !== "otp") {
    throw new ApiError(40020, {
      details: `${trxReference} is not an OTP invoice: only references from generate-invoice can be confirmed`,
    });
  }
  if (invoice.status === "completed") {
    throw new ApiError(40020, {
      details: `${trxReference} is already confirmed as ${invoice.validatedReference}`,
    });
  }
  if (invoice.status === "failed") throw otpGone(`The OTP of ${trxReference} is spent (${OTP_MAX_ATTEMPTS} wrong tries); generate a new invoice`);
  if (invoice.status === "expired" || !invoice.otpExpiresAt || now >= invoice.otpExpiresAt) {
    await transitionDeposit(client, { id: invoice.id, to: "expired", at: invoice.expiresAt });
    throw otpGone(`The OTP of ${trxReference} has expired; generate a new invoice`);
  }

  const adapter = gatewayAdapter(invoice.gatewayName, environment);
  if (!adapter) throw new ApiError(50200, { details: `Gateway ${invoice.gatewayName} is not available` });

  const outcome = await verifyWithOperator(adapter, invoice, otp);
  if (outcome.status === "wrong_code") {
    const counted = await client.deposit.updateMany({
      where: { id: invoice.id, status: "pending", otpAttempts: { lt: OTP_MAX_ATTEMPTS } },
      data: { otpAttempts: { increment: 1 } },
    });
    if (counted.count === 0) throw otpGone(`The OTP of ${trxReference} is spent; generate a new invoice`);
    // When it was typed, for the support timeline (the counter above is what limits the tries).
    await client.depositOtpTry.create({ data: { id: `otp_${ulid()}`, depositId: invoice.id, at: now } });
    const { otpAttempts } = await client.deposit.findUniqueOrThrow({ where: { id: invoice.id }, select: { otpAttempts: true } });
    const left = Math.max(0, OTP_MAX_ATTEMPTS - otpAttempts);
    if (left === 0) {
      await transitionDeposit(client, { id: invoice.id, to: "failed", at: now, failureReason: "otp_attempts_exceeded" });
    }
    throw new ApiError(40019, {
      details: left > 0 ? `Wrong code: ${left} ${left === 1 ? "try" : "tries"} left` : "Wrong code: no tries left, the OTP is spent",
    });
  }

  // A live operator took the payment with the code: its answer is final or to be read again.
  const operatorReference = "operatorReference" in outcome ? outcome.operatorReference : undefined;
  if (outcome.status === "pending") {
    await client.deposit.updateMany({
      where: { id: invoice.id, status: "pending" },
      data: { operatorReference: operatorReference ?? null, confirmedAt: now, nextCheckAt: nextOperatorCheck(now, now) },
    });
    return client.deposit.findUniqueOrThrow({ where: { id: invoice.id } });
  }
  if (outcome.status === "failed") {
    await transitionDeposit(client, {
      id: invoice.id,
      to: "failed",
      at: outcome.at ?? now,
      failureReason: outcome.reason,
      extra: { confirmedAt: now, ...(operatorReference ? { operatorReference } : {}) },
    });
    return client.deposit.findUniqueOrThrow({ where: { id: invoice.id } });
  }

  const validatedReference = newReference("validated", environment);
  const confirmed = await transitionDeposit(client, {
    id: invoice.id,
    to: "completed",
    at: outcome.at ?? now,
    // The sandbox's code is ours to refuse past its tries or expiry; a live operator's "paid" is
    // money taken: recorded whatever our clock says.
    guard: environment === "sandbox" ? { otpAttempts: { lt: OTP_MAX_ATTEMPTS }, otpExpiresAt: { gt: now } } : {},
    extra: { validatedReference, confirmedAt: now, ...(operatorReference ? { operatorReference } : {}) },
  });
  const current = await client.deposit.findUniqueOrThrow({ where: { id: invoice.id } });
  if (confirmed) return current;
  if (current.status === "completed") {
    throw new ApiError(40020, { details: `${trxReference} is already confirmed as ${current.validatedReference}` });
  }
  throw otpGone(`The OTP of ${trxReference} can no longer be used; generate a new invoice`);
}

/** The adapter's answer to the code; an operator that could not be reached is 502/503 and no try is spent. */
async function verifyWithOperator(adapter: GatewayAdapter, invoice: Deposit, otp: string): Promise<OtpOutcome> {
  try {
    return await adapter.verifyOtp(invoice, otp);
  } catch (error) {
    if (error instanceof OperatorError) throw operatorApiError(error, "the code was not used; try again");
    throw error;
  }
}
