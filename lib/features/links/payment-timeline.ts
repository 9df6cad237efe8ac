import type { Deposit, DepositOtpTry, PaymentLink } from "@prisma/client";
import { OTP_MAX_ATTEMPTS } from "@/lib/core/domain/deposit-status";
import { formatFractionalSeconds } from "@/lib/core/domain/time";

// A payment's timeline (what happened, when) for support and for the merchant's dashboard.
// `event` and `details` are the raw words support reads (the webhook's event names); `kind` and
// `values` are what the dashboard turns into a sentence in the member's language
// (components/dashboard/timeline-sentence.ts, messages: dashboard.timeline).

/** Every kind of step a link's or a payment's timeline holds. */
export const TIMELINE_KINDS = [
  "link_created",
  "link_completed",
  "link_failed",
  "link_expired",
  "attempt_created",
  "otp_wrong_try",
  "otp_wrong_tries",
  "attempt_completed",
  "attempt_failed",
  "attempt_expired",
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export type TimelineValues = { gateway?: string; paymentType?: string; tryNumber?: number; maxTries?: number; count?: number; reason?: string | null };

export type TimelineEntry = { at: string; event: string; reference: string; details?: string | null; kind: TimelineKind; values?: TimelineValues };

export const withOtpTries = { otpTries: { orderBy: { at: "asc" as const } } };

/** Each wrong OTP try at the time it was typed; tries from before those times were stored are only counted. */
function otpTryEntries(d: Deposit & { otpTries: DepositOtpTry[] }): TimelineEntry[] {
  const entries: TimelineEntry[] = d.otpTries.map((attempt, i) => ({
    at: formatFractionalSeconds(attempt.at),
    event: "otp.wrong_try",
    reference: d.reference,
    details: `try ${i + 1} of ${OTP_MAX_ATTEMPTS}`,
    kind: "otp_wrong_try",
    values: { tryNumber: i + 1, maxTries: OTP_MAX_ATTEMPTS },
  }));
  const untimed = d.otpAttempts - d.otpTries.length;
  if (d.flow === "otp" && untimed > 0) {
    entries.unshift({ at: formatFractionalSeconds(d.createdAt), event: `otp.wrong_tries: ${untimed} (times not recorded)`, reference: d.reference, kind: "otp_wrong_tries", values: { count: untimed } });
  }
  return entries;
}

export function depositTimeline(d: Deposit & { otpTries: DepositOtpTry[] }): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ at: formatFractionalSeconds(d.createdAt), event: `deposit.created (${d.paymentType} via ${d.gatewayName})`, reference: d.reference, kind: "attempt_created", values: { gateway: d.gatewayName, paymentType: d.paymentType } }];
  entries.push(...otpTryEntries(d));
  if (d.completedAt) entries.push({ at: formatFractionalSeconds(d.completedAt), event: "deposit.completed", reference: d.validatedReference ?? d.reference, kind: "attempt_completed" });
  if (d.failedAt) entries.push({ at: formatFractionalSeconds(d.failedAt), event: "deposit.failed", reference: d.reference, details: d.failureReason, kind: "attempt_failed", values: { reason: d.failureReason } });
  if (d.expiredAt) entries.push({ at: formatFractionalSeconds(d.expiredAt), event: "deposit.expired", reference: d.reference, kind: "attempt_expired" });
  return entries;
}

export function linkTimeline(l: PaymentLink): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ at: formatFractionalSeconds(l.createdAt), event: "payment_link.created", reference: l.reference, kind: "link_created" }];
  if (l.completedAt) entries.push({ at: formatFractionalSeconds(l.completedAt), event: "payment_link.completed", reference: l.reference, kind: "link_completed" });
  if (l.failedAt) entries.push({ at: formatFractionalSeconds(l.failedAt), event: "payment_link.failed", reference: l.reference, details: l.failureReason, kind: "link_failed", values: { reason: l.failureReason } });
  if (l.expiredAt) entries.push({ at: formatFractionalSeconds(l.expiredAt), event: "payment_link.expired", reference: l.reference, kind: "link_expired" });
  return entries;
}

