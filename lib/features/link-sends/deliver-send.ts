import type { Prisma, LinkSend, LinkSendChannel, LinkSendPurpose } from "@prisma/client";
import { appMetrics } from "@/lib/core/metrics/registry";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { ulid } from "@/lib/core/domain/ulid";
import { isOutcome, type DomainError } from "@/lib/core/errors/domain-error";
import { errorFields, log } from "@/lib/core/logging/log";
import { sendMail, type Mail } from "@/lib/integrations/mail/send-mail";
import type { SmsAvailability } from "@/lib/integrations/sms/sms-settings";
import { applyEarlyReport } from "./early-delivery-reports";
import { spendLinkSendLimits } from "./link-send-limits";
import { smsDailyCapsRefusal } from "./sms-daily-caps";

// The one sending core under a payment link's sends (send-payment-link.ts, a merchant's request)
// and its receipts (lib/features/receipts/send-receipt.ts, the service's job once a link is paid),
// so both meet the same limits, test-mode rules and providers in the same order, for a recipient
// already checked (an E.164 mobile number of a served country, or a lower-cased address):
//   1. the limits per link and recipient and per merchant (link-send-limits.ts);
//   2. test mode e-mails only the account's members (isTeamAddress): anyone else is a failed send
//      with reason test_mode_recipient, never handed to the mail server;
//   3. the send is recorded as queued; for SMS, the daily caps per phone and per merchant are
//      counted with it (sms-daily-caps.ts);
//   4. handed to the SMS provider or the mail path, and recorded as sent or failed.
// A refusal by a limit is a 429/42900 the merchant's request answers with (refusals "throw", the
// refused row removed so it does not count), or, for a job nobody waits on (refusals "record"), a
// failed send with reason limit_reached that the merchant sees in the link's sends and that no cap
// counts. Never inside a transaction: an SMS API may take seconds.

export type SendToDeliver = {
  link: { id: string };
  merchantId: string;
  environment: Environment;
  channel: LinkSendChannel;
  recipient: string;
  requestedBy: string;
  purpose: LinkSendPurpose;
  /** One send per key, whatever re-runs (receipts); a second attempt with the key returns null. */
  dedupeKey?: string;
  /** For SMS: the provider of the link's environment (the caller refuses or records its absence). */
  sms: SmsAvailability | null;
  message: { sms: () => string; mail: (to: string) => Mail };
  refusals: "throw" | "record";
};

/** The failure reasons this core and its callers write, besides the SMS providers' own. */
export const SEND_FAILURE_REASONS = ["mail_error", "test_mode_recipient", "limit_reached", "sms_unavailable", "not_textable"] as const;

/**
 * Test mode e-mails only the account's own people, as Stripe's test mode does: an account anyone
 * can open and never activate must not mail strangers from the service's domain (its texts go
 * only to the SMS provider's sandbox: lib/integrations/sms/sms-settings.ts). Elsewhere the send
 * fails with reason test_mode_recipient, so an integration sees the same answer shape as live.
 */
async function isTeamAddress(client: DbClient, merchantId: string, address: string): Promise<boolean> {
  const member = await client.member.findFirst({ where: { organizationId: merchantId, user: { email: { equals: address, mode: "insensitive" } } }, select: { id: true } });
  return member !== null;
}

function isLimitRefusal(error: unknown): error is DomainError {
  return isOutcome(error, "limited");
}

/** The row, or null when a send with the same dedupeKey exists already (a re-run, or a rival runner). */
async function createSend(client: DbClient, data: Prisma.LinkSendUncheckedCreateInput): Promise<LinkSend | null> {
  if (!data.dedupeKey) return client.linkSend.create({ data });
  // ON CONFLICT DO NOTHING: of two runners writing the same receipt at once, one gets the row.
  const { count } = await client.linkSend.createMany({ data: [data], skipDuplicates: true });
  return count === 1 ? client.linkSend.findUniqueOrThrow({ where: { id: data.id } }) : null;
}

/** A send that never reached a provider, recorded failed with its reason (receipts' refusals). */
export function recordFailedSend(client: DbClient, send: Omit<SendToDeliver, "sms" | "message" | "refusals">, failureReason: string) {
  return createSend(client, { ...newSendRow(send), status: "failed", failedAt: new Date(), failureReason });
}

/** A new send's row, queued unless told otherwise. */
function newSendRow(send: Omit<SendToDeliver, "sms" | "message" | "refusals">): Prisma.LinkSendUncheckedCreateInput {
  return {
    id: `send_${ulid()}`,
    paymentLinkId: send.link.id,
    merchantId: send.merchantId,
    environment: send.environment,
    channel: send.channel,
    purpose: send.purpose,
    dedupeKey: send.dedupeKey,
    recipient: send.recipient,
    requestedBy: send.requestedBy,
  };
}

export async function deliverSend(client: DbClient, send: SendToDeliver): Promise<LinkSend | null> {
  try {
    await spendLinkSendLimits({ merchantId: send.merchantId, environment: send.environment, linkId: send.link.id, recipient: send.recipient });
  } catch (error) {
    if (send.refusals === "throw" || !isLimitRefusal(error)) throw error;
    log("info", "send refused by a limit", { linkId: send.link.id, purpose: send.purpose, details: error.details });
    return recordFailedSend(client, send, "limit_reached");
  }
  const outsideTeam = send.environment === "sandbox" && send.channel === "email" && !(await isTeamAddress(client, send.merchantId, send.recipient));
  if (outsideTeam) return recordFailedSend(client, send, "test_mode_recipient");
  const row = await createSend(client, newSendRow(send));
  if (!row) return null;
  const failed = (failureReason: string, more: Prisma.LinkSendUpdateInput = {}) =>
    client.linkSend.update({ where: { id: row.id }, data: { status: "failed", failedAt: new Date(), failureReason, ...more } });

  if (send.channel === "sms") {
    const overCap = await smsDailyCapsRefusal(client, row);
    if (overCap) {
      if (send.refusals === "throw") {
        await client.linkSend.delete({ where: { id: row.id } });
        throw overCap;
      }
      return failed("limit_reached");
    }
    const provider = send.sms?.provider;
    // The caller checked the provider first; one that vanished meanwhile (a reload) fails the send.
    if (!provider) return failed("sms_unavailable");
    const result = await provider.send(send.recipient, send.message.sms());
    appMetrics().messageSends.inc({ channel: "sms", outcome: result.outcome === "sent" ? "sent" : result.reason });
    if (result.outcome !== "sent") return failed(result.reason, { provider: provider.name, providerStatus: result.providerStatus });
    const sent = await client.linkSend.update({
      where: { id: row.id },
      data: { status: "sent", sentAt: new Date(), provider: provider.name, providerMessageId: result.messageId, providerStatus: result.providerStatus, providerCost: result.cost },
    });
    // A delivery report that overtook this answer is applied now; the caller is still answered with
    // what the provider said to this request, and the sends list shows the report.
    await applyEarlyReport(client, provider.name, result.messageId);
    return sent;
  }
  try {
    await sendMail(send.message.mail(send.recipient));
    return client.linkSend.update({ where: { id: row.id }, data: { status: "sent", sentAt: new Date(), provider: process.env.SMTP_URL?.trim() ? "smtp" : "outbox" } });
  } catch (error) {
    log("warn", "link mail failed", { sendId: row.id, ...errorFields(error) });
    return failed("mail_error", { provider: "smtp" });
  }
}
