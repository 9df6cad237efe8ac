import { z } from "zod";
import type { LinkSend } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { canSendLink } from "@/lib/core/domain/link-sendable";
import { internationalPhone } from "@/lib/core/domain/phone";
import { DomainError } from "@/lib/core/errors/domain-error";
import { isLocale, type Locale } from "@/lib/core/i18n/locales";
import { getLinkOrThrow } from "@/lib/features/links/get-link-or-throw";
import { paymentUrl } from "@/lib/features/links/payment-url";
import { smsAvailability } from "@/lib/integrations/sms/sms-settings";
import { linkMail, linkSms, type LinkForMessage } from "./link-message";
import { deliverSend } from "./deliver-send";
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
//   4. then the sending core shared with receipts (deliver-send.ts): the limits per recipient and
//      per merchant (429/42900), and for SMS the daily caps per phone across every link and account
//      and per merchant, counted on the sends (sms-daily-caps.ts); the send recorded as queued,
//      handed over, and recorded as sent or failed: the row is whole at every step, and a
//      provider's refusal is a failed send, not an error; so is a test-mode e-mail to anyone
//      outside the account's members.
// The provider is called outside any transaction: an SMS API may take seconds.

export type SendLinkInput = { channel: "sms" | "email"; to: string; language?: Locale };

const email = z.email();

function recipientOf(input: SendLinkInput, country: string | null): string {
  if (input.channel === "email") {
    const address = input.to.trim().toLowerCase();
    if (!email.safeParse(address).success) throw new DomainError("invalid", { details: "to must be a valid e-mail address", field: "to", rule: "email" });
    return address;
  }
  const answer = internationalPhone(input.to, country);
  if ("phone" in answer) {
    const refusal = smsDestinationRefusal(answer.phone);
    if (refusal) throw new DomainError("invalid", { reason: "phone", details: refusal, field: "to", rule: "phone_format" });
    return answer.phone;
  }
  throw new DomainError("invalid", {
    reason: "phone",
    field: "to",
    rule: "phone_format",
    details:
      answer.error === "no_country"
        ? "to must be in international format (+ then the country code and number): your account has no country to read a local number in"
        : `to must be a phone number: + then 8 to 15 digits, or a local number${country ? ` of ${country}` : ""}`,
  });
}

export async function sendPaymentLink(
  client: DbClient,
  options: { reference: string; merchantId: string; environment: Environment; origin: string; input: SendLinkInput; requestedBy: string },
): Promise<LinkSend> {
  const link = await getLinkOrThrow(client, { reference: options.reference, merchantId: options.merchantId, environment: options.environment });
  if (!canSendLink(link)) {
    throw new DomainError("refused", { details: `${link.reference} can no longer be paid (${link.status}): only a pending link, or a failed one before it expires, can be sent` });
  }
  const merchant = await client.merchant.findUniqueOrThrow({ where: { id: options.merchantId }, select: { name: true, country: true, defaultLanguage: true } });
  const recipient = recipientOf(options.input, merchant.country);
  const sms = options.input.channel === "sms" ? smsAvailability(options.environment) : null;
  if (sms && !sms.provider) throw new DomainError("unavailable", { details: sms.why });

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
  const send = await deliverSend(client, {
    link,
    merchantId: options.merchantId,
    environment: options.environment,
    channel: options.input.channel,
    recipient,
    requestedBy: options.requestedBy,
    purpose: "link",
    sms,
    message: { sms: () => linkSms(message, locale), mail: (to) => linkMail(message, locale, to) },
    refusals: "throw",
  });
  // Only a send with a dedupeKey can be skipped, and a link send has none.
  return send!;
}
