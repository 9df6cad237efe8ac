import type { Deposit, DepositOtpTry, PaymentLink } from "@prisma/client";
import { OTP_MAX_ATTEMPTS } from "@/lib/core/domain/deposit-status";
import { formatFractionalSeconds } from "@/lib/core/domain/time";

// A payment's timeline (what happened, when) for support and for the merchant's dashboard.

export type TimelineEntry = { at: string; event: string; reference: string; details?: string | null };

export const withOtpTries = { otpTries: { orderBy: { at: "asc" as const } } };

/** Each wrong OTP try at the time it was typed; tries from before those times were stored are only counted. */
function otpTryEntries(d: Deposit & { otpTries: DepositOtpTry[] }): TimelineEntry[] {
  const entries: TimelineEntry[] = d.otpTries.map((attempt, i) => ({
    at: formatFractionalSeconds(attempt.at),
    event: "otp.wrong_try",
    reference: d.reference,
    details: `try ${i + 1} of ${OTP_MAX_ATTEMPTS}`,
  }));
  const untimed = d.otpAttempts - d.otpTries.length;
  if (d.flow === "otp" && untimed > 0) {
    entries.unshift({ at: formatFractionalSeconds(d.createdAt), event: `otp.wrong_tries: ${untimed} (times not recorded)`, reference: d.reference });
  }
  return entries;
}

export function depositTimeline(d: Deposit & { otpTries: DepositOtpTry[] }): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ at: formatFractionalSeconds(d.createdAt), event: `deposit.created (${d.paymentType} via ${d.gatewayName})`, reference: d.reference }];
  entries.push(...otpTryEntries(d));
  if (d.completedAt) entries.push({ at: formatFractionalSeconds(d.completedAt), event: "deposit.completed", reference: d.validatedReference ?? d.reference });
  if (d.failedAt) entries.push({ at: formatFractionalSeconds(d.failedAt), event: "deposit.failed", reference: d.reference, details: d.failureReason });
  if (d.expiredAt) entries.push({ at: formatFractionalSeconds(d.expiredAt), event: "deposit.expired", reference: d.reference });
  return entries;
}

export function linkTimeline(l: PaymentLink): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ at: formatFractionalSeconds(l.createdAt), event: "payment_link.created", reference: l.reference }];
  if (l.completedAt) entries.push({ at: formatFractionalSeconds(l.completedAt), event: "payment_link.completed", reference: l.reference });
  if (l.failedAt) entries.push({ at: formatFractionalSeconds(l.failedAt), event: "payment_link.failed", reference: l.reference, details: l.failureReason });
  if (l.expiredAt) entries.push({ at: formatFractionalSeconds(l.expiredAt), event: "payment_link.expired", reference: l.reference });
  return entries;
}

