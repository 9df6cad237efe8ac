import { z } from "zod";
import type { LinkSend } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { canSendLink } from "@/lib/core/domain/link-sendable";
import { internationalPhone } from "@/lib/core/domain/phone";
import { ulid } from "@/lib/core/domain/ulid";
import { ApiError } from "@/lib/core/errors/api-error";
import { isLocale, type Locale } from "@/lib/core/i18n/locales";
import { getLinkOrThrow } from "@/lib/features/links/get-link-or-throw";
import { paymentUrl } from "@/lib/features/links/payment-url";
import { errorFields, log } from "@/lib/core/logging/log";
import { sendMail } from "@/lib/integrations/mail/send-mail";
import { smsAvailability } from "@/lib/integrations/sms/sms-settings";
import { linkMail, linkSms, type LinkForMessage } from "./link-message";
import { spendLinkSendLimits } from "./link-send-limits";
import { smsDailyCapsRefusal } from "./sms-daily-caps";
import { smsDestinationRefusal } from "./sms-destination";

// Sending a payment link to a customer, by SMS through the configured provider or by e-mail
// through the mail path (SMTP, or the development outbox). One function for the API and the
// dashboard, so both meet the same rules in the same order:
//   1. the link is the merchant's, in this environment (404 otherwise), and can still be paid (40020);
//   2. the recipient is a phone number (local numbers read in the merchant's country, stored in
//      international form; 40014), a mobile one of a country the service serves (SMS toll fraud:
//      sms-destination.ts; 40014), or an e-mail address (40023);
//   3. SMS needs a provider for the link's environment (503/50300 when none is configured; test
//      mode only ever texts through the provider's sandbox: lib/integrations/sms/sms-settings.ts);
//   4. the limits per recipient and per merchant (429/42900), and for SMS the daily caps per phone
//      across every link and account and per merchant, counted on the sends (sms-daily-caps.ts);
//   5. the send is recorded as queued, handed over, and recorded as sent or failed: the row is
//      whole at every step, and a provider's refusal is a failed send, not an error; so is a
//      test-mode e-mail to anyone outside the account's members (isTeamAddress).
// The provider is called outside any transaction: an SMS API may take seconds.

export type SendLinkInput = { channel: "sms" | "email"; to: string; language?: Locale };

const email = z.email();

function recipientOf(input: SendLinkInput, country: string | null): string {
  if (input.channel === "email") {
    const address = input.to.trim().toLowerCase();
    if (!email.safeParse(address).success) throw new ApiError(40023, { details: "to must be a valid e-mail address" });
    return address;
  }
  const answer = internationalPhone(input.to, country);
  if ("phone" in answer) {
    const refusal = smsDestinationRefusal(answer.phone);
    if (refusal) throw new ApiError(40014, { details: refusal });
    return answer.phone;
  }
  throw new ApiError(40014, {
    details:
      answer.error === "no_country"
        ? "to must be in international format (+ then the country code and number): your account has no country to read a local number in"
        : `to must be a phone number: + then 8 to 15 digits, or a local number${country ? ` of ${country}` : ""}`,
  });
}

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

export async function sendPaymentLink(
  client: DbClient,
  options: { reference: string; merchantId: string; environment: Environment; origin: string; input: SendLinkInput; requestedBy: string },
): Promise<LinkSend> {
  const link = await getLinkOrThrow(client, { reference: options.reference, merchantId: options.merchantId, environment: options.environment });
  if (!canSendLink(link)) {
    throw new ApiError(40020, { details: `${link.reference} can no longer be paid (${link.status}): only a pending link, or a failed one before it expires, can be sent` });
  }
  const merchant = await client.merchant.findUniqueOrThrow({ where: { id: options.merchantId }, select: { name: true, country: true, defaultLanguage: true } });
  const recipient = recipientOf(options.input, merchant.country);
  const sms = options.input.channel === "sms" ? smsAvailability(options.environment) : null;
  if (sms && !sms.provider) throw new ApiError(50300, { details: sms.why });
  await spendLinkSendLimits({ merchantId: options.merchantId, environment: options.environment, linkId: link.id, recipient });

  const locale: Locale = options.input.language ?? (isLocale(merchant.defaultLanguage ?? undefined) ? (merchant.defaultLanguage as Locale) : "fr");
  const message: LinkForMessage = {
    merchantName: merchant.name,
    amountMinor: link.amountMinor,
    currency: link.currency,
    description: link.description,
    paymentUrl: paymentUrl(link.reference, options.environment, options.origin),
    expiresAt: link.expiresAt,
    environment: options.environment,
  };
  const outsideTeam = options.environment === "sandbox" && options.input.channel === "email" && !(await isTeamAddress(client, options.merchantId, recipient));
  const send = await client.linkSend.create({
    data: {
      id: `send_${ulid()}`,
      paymentLinkId: link.id,
      merchantId: options.merchantId,
      environment: options.environment,
      channel: options.input.channel,
      recipient,
      requestedBy: options.requestedBy,
      // Never handed to the mail server: failed at once, with the rule as its reason.
      ...(outsideTeam ? { status: "failed" as const, failedAt: new Date(), failureReason: "test_mode_recipient" } : {}),
    },
  });
  if (outsideTeam) return send;
  if (options.input.channel === "sms") {
    const overCap = await smsDailyCapsRefusal(client, send);
    if (overCap) {
      await client.linkSend.delete({ where: { id: send.id } });
      throw overCap;
    }
  }

  if (sms?.provider) {
    const result = await sms.provider.send(recipient, linkSms(message, locale));
    const now = new Date();
    return client.linkSend.update({
      where: { id: send.id },
      data:
        result.outcome === "sent"
          ? { status: "sent", sentAt: now, provider: sms.provider.name, providerMessageId: result.messageId, providerStatus: result.providerStatus, providerCost: result.cost }
          : { status: "failed", failedAt: now, provider: sms.provider.name, failureReason: result.reason, providerStatus: result.providerStatus },
    });
  }
  try {
    await sendMail(linkMail(message, locale, recipient));
    return client.linkSend.update({ where: { id: send.id }, data: { status: "sent", sentAt: new Date(), provider: process.env.SMTP_URL?.trim() ? "smtp" : "outbox" } });
  } catch (error) {
    log("warn", "link mail failed", { sendId: send.id, ...errorFields(error) });
    return client.linkSend.update({ where: { id: send.id }, data: { status: "failed", failedAt: new Date(), provider: "smtp", failureReason: "mail_error" } });
  }
}
