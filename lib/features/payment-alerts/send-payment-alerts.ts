import { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { eachDueRow } from "@/lib/core/db/each-due-row";
import { pathPrefix } from "@/lib/core/domain/environment";
import { configuredPublicOrigin } from "@/lib/core/domain/public-base-url";
import { isOutcome } from "@/lib/core/errors/domain-error";
import { isLocale, type Locale } from "@/lib/core/i18n/locales";
import { errorFields, log } from "@/lib/core/logging/log";
import { sendMail } from "@/lib/integrations/mail/send-mail";
import { smsAvailability } from "@/lib/integrations/sms/sms-settings";
import type { SEND_FAILURE_REASONS } from "@/lib/features/link-sends/deliver-send";
import { smsDestinationRefusal } from "@/lib/features/link-sends/sms-destination";
import type { SmsFailureReason } from "@/lib/integrations/sms/sms-provider";
import { alertMail, alertSms, type PaymentForAlert } from "./alert-message";
import { spendPaymentAlert } from "./alert-limits";

// Sends the payment alerts recorded with their payments (record-payment-alerts.ts), after the
// commit, from the due-work pass (lib/features/jobs/run-due-work.ts), as receipts are sent.
// At most once: a row is taken from queued to sending by one conditional update before anything
// is spent, so of two passes racing on it (their claims lapsing, two processes) one sends and the
// other finds it taken. The price, as for receipts: a process that dies between that update and
// the provider's answer leaves the alert unsent ("sending").

/** Why an alert was not sent: a link send's reasons (limits, providers), or the member's choice since. */
type AlertFailureReason = (typeof SEND_FAILURE_REASONS)[number] | SmsFailureReason | "opted_out";
type Outcome = { status: "sent" | "failed"; failureReason?: AlertFailureReason };

/** Where the alert's link leads: the payment in the dashboard of its environment. */
function dashboardUrl(environment: "sandbox" | "live", reference: string): string {
  const origin = configuredPublicOrigin() ?? `http://localhost:${process.env.PORT ?? 3000}`;
  return `${origin}${pathPrefix(environment)}/dashboard/deposits/${reference}`;
}

async function paymentOf(client: DbClient, depositId: string): Promise<{ payment: PaymentForAlert; locale: Locale }> {
  const deposit = await client.deposit.findUniqueOrThrow({
    where: { id: depositId },
    include: { merchant: { select: { name: true, defaultLanguage: true } }, paymentLink: { select: { description: true, paymentPageReference: true } } },
  });
  const link = deposit.paymentLink;
  const language = deposit.merchant.defaultLanguage ?? undefined;
  return {
    locale: isLocale(language) ? language : "fr",
    payment: {
      merchantName: deposit.merchant.name,
      amountMinor: deposit.amountMinor,
      currency: deposit.currency,
      payerPhone: deposit.customerPhone,
      gatewayName: deposit.gatewayName,
      paid: link ? { kind: link.paymentPageReference ? "page" : "link", description: link.description } : { kind: "deposit", reference: deposit.reference },
      dashboardUrl: dashboardUrl(deposit.environment, deposit.reference),
      environment: deposit.environment,
    },
  };
}

async function deliver(client: DbClient, alert: { depositId: string; channel: string; environment: "sandbox" | "live" }, recipient: string): Promise<Outcome> {
  const { payment, locale } = await paymentOf(client, alert.depositId);
  if (alert.channel === "sms") {
    // Checked when saved too; SMS_ALLOWED_COUNTRIES may have changed since.
    if (smsDestinationRefusal(recipient)) return { status: "failed", failureReason: "not_textable" };
    // Test mode texts only through the provider's sandbox (sms-settings.ts), like every send.
    const provider = smsAvailability(alert.environment).provider;
    if (!provider) return { status: "failed", failureReason: "sms_unavailable" };
    const result = await provider.send(recipient, alertSms(payment, locale));
    return result.outcome === "sent" ? { status: "sent" } : { status: "failed", failureReason: result.reason };
  }
  try {
    await sendMail(alertMail(payment, locale, recipient));
    return { status: "sent" };
  } catch (error) {
    log("warn", "payment alert mail failed", errorFields(error));
    return { status: "failed", failureReason: "mail_error" };
  }
}

/** Sends one due alert, once; whether this call sent it. */
export async function sendPaymentAlert(client: DbClient, id: string): Promise<boolean> {
  const taken = await client.paymentAlert.updateMany({ where: { id, status: "queued" }, data: { status: "sending", dueAt: null } });
  if (taken.count !== 1) {
    await client.paymentAlert.updateMany({ where: { id, dueAt: { not: null } }, data: { dueAt: null } });
    return false;
  }
  const alert = await client.paymentAlert.findUniqueOrThrow({
    where: { id },
    include: { member: { select: { user: { select: { email: true } }, paymentAlertSettings: true } } },
  });
  const finish = (outcome: Outcome, recipient: string | null = null) =>
    client.paymentAlert.update({
      where: { id },
      data: { status: outcome.status, failureReason: outcome.failureReason ?? null, recipient, ...(outcome.status === "sent" ? { sentAt: new Date() } : {}) },
    });
  // The member's choice now: one who turned the channel off since the payment is not alerted.
  const settings = alert.member.paymentAlertSettings;
  const recipient = alert.channel === "sms" ? (settings?.sms ? settings.phone : null) : settings?.email ? alert.member.user.email : null;
  if (!recipient) {
    await finish({ status: "failed", failureReason: "opted_out" });
    return false;
  }
  try {
    await spendPaymentAlert(alert.merchantId, alert.environment);
  } catch (error) {
    if (!isOutcome(error, "limited")) throw error;
    await finish({ status: "failed", failureReason: "limit_reached" }, recipient);
    return false;
  }
  const outcome = await deliver(client, alert, recipient);
  await finish(outcome, recipient);
  return outcome.status === "sent";
}

/**
 * One pass over the alerts due: claims up to `batchSize` (the same lease as the other due work,
 * so runners in several processes share them) and sends each; one that throws is given back a
 * minute later (FAILED_ROW_RETRY_MS) if it was not taken yet.
 */
export async function sendDuePaymentAlerts(client: DbClient, now: Date, batchSize: number): Promise<{ claimed: number; sent: number }> {
  const { claimed, counted } = await eachDueRow(
    client,
    "PaymentAlert",
    { due: Prisma.sql`"dueAt" IS NOT NULL AND "dueAt" <= ${now}::timestamp(3)`, orderBy: Prisma.sql`"dueAt"`, limit: batchSize, now },
    {
      work: ({ id }) => sendPaymentAlert(client, id),
      failed: ({ id }, error) => log("error", "due work failed: payment alert", { id, ...errorFields(error) }),
    },
  );
  return { claimed, sent: counted };
}
