import type { Deposit, DepositOtpTry, PaymentLink } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { OTP_MAX_ATTEMPTS } from "@/lib/domain/deposit-status";
import { formatFractionalSeconds } from "@/lib/domain/time";
import { notFound } from "@/lib/errors/api-error";
import { toDepositDetailJson } from "@/lib/deposits/transform-deposit";
import { toPaymentLinkJson } from "@/lib/links/transform-link";
import { deliveriesFor } from "./webhook-deliveries";

type TimelineEntry = { at: string; event: string; reference: string; details?: string | null };

const withOtpTries = { otpTries: { orderBy: { at: "asc" as const } } };

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

function depositTimeline(d: Deposit & { otpTries: DepositOtpTry[] }): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ at: formatFractionalSeconds(d.createdAt), event: `deposit.created (${d.paymentType} via ${d.gatewayName})`, reference: d.reference }];
  entries.push(...otpTryEntries(d));
  if (d.completedAt) entries.push({ at: formatFractionalSeconds(d.completedAt), event: "deposit.completed", reference: d.validatedReference ?? d.reference });
  if (d.failedAt) entries.push({ at: formatFractionalSeconds(d.failedAt), event: "deposit.failed", reference: d.reference, details: d.failureReason });
  if (d.expiredAt) entries.push({ at: formatFractionalSeconds(d.expiredAt), event: "deposit.expired", reference: d.reference });
  return entries;
}

function linkTimeline(l: PaymentLink): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ at: formatFractionalSeconds(l.createdAt), event: "payment_link.created", reference: l.reference }];
  if (l.completedAt) entries.push({ at: formatFractionalSeconds(l.completedAt), event: "payment_link.completed", reference: l.reference });
  if (l.failedAt) entries.push({ at: formatFractionalSeconds(l.failedAt), event: "payment_link.failed", reference: l.reference, details: l.failureReason });
  if (l.expiredAt) entries.push({ at: formatFractionalSeconds(l.expiredAt), event: "payment_link.expired", reference: l.reference });
  return entries;
}

/**
 * Support sees what the operator knows the payment by (merchants do not: the API's deposit has no
 * such fields): our request id (MTN X-Reference-Id, Wave session id) and the operator's transaction id.
 */
const forSupport = (d: Deposit) => ({
  ...toDepositDetailJson(d),
  operatorRequestId: d.operatorRequestId,
  operatorReference: d.operatorReference,
});

/** Everything about one payment for support: fields, timeline, attempts (links), webhook deliveries. */
export async function paymentDetail(client: DbClient, reference: string, origin: string) {
  const link = await client.paymentLink.findUnique({
    where: { reference },
    include: { merchant: { select: { id: true, name: true } }, attempts: { orderBy: { createdAt: "asc" }, include: withOtpTries } },
  });
  if (link) {
    const timeline = [...linkTimeline(link), ...link.attempts.flatMap(depositTimeline)].sort((a, b) => a.at.localeCompare(b.at));
    return {
      kind: "link" as const,
      environment: link.environment,
      merchant: link.merchant,
      payment: toPaymentLinkJson(link, origin),
      attempts: link.attempts.map(forSupport),
      timeline,
      webhooks: await deliveriesFor(client, link.merchantId, [link.reference]),
    };
  }
  const deposit = await client.deposit.findFirst({
    where: { OR: [{ reference }, { validatedReference: reference }] },
    include: { merchant: { select: { id: true, name: true } }, ...withOtpTries },
  });
  if (!deposit) throw notFound("Payment");
  return {
    kind: "deposit" as const,
    environment: deposit.environment,
    merchant: deposit.merchant,
    payment: forSupport(deposit),
    attempts: [],
    timeline: depositTimeline(deposit),
    webhooks: await deliveriesFor(client, deposit.merchantId, [deposit.reference, ...(deposit.validatedReference ? [deposit.validatedReference] : [])]),
  };
}
