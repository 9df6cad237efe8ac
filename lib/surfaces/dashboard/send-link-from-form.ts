import type { DbClient } from "@/lib/core/db/client";
import { canSendLink } from "@/lib/core/domain/link-sendable";
import { checkFieldsText } from "@/lib/core/request/storable-text";
import { validationError } from "@/lib/core/errors/validation-errors";
import { isLocale } from "@/lib/core/i18n/locales";
import { phoneDigits } from "@/lib/core/domain/phone";
import { listLinkSends } from "@/lib/features/link-sends/list-link-sends";
import { sendPaymentLink } from "@/lib/features/link-sends/send-payment-link";
import { sendLinkRequestSchema } from "@/lib/core/schemas/link-send";
import { smsAvailability } from "@/lib/integrations/sms/sms-settings";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

export const SEND_LINK_FORM_FIELDS = ["reference", "channel", "to"] as const;

/**
 * The link page's "Send" form: its fields become the API's request body and go through the same
 * schema and the same sendPaymentLink as POST /api/v4/payments/link/{reference}/send, so they meet
 * the same rules and limits. The message is in the page's language; recorded as sent from the
 * dashboard by this user.
 */
export async function sendLinkFromForm(
  client: DbClient,
  scope: MerchantScope,
  options: { userId: string; origin: string; locale: string; form: Record<string, string> },
) {
  checkFieldsText(new URLSearchParams(options.form));
  const to = options.form.to ?? "";
  const input = { channel: channelForRecipient(options.form.channel?.trim() ?? "", to), to, ...(isLocale(options.locale) ? { language: options.locale } : {}) };
  const parsed = sendLinkRequestSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, input);
  return sendPaymentLink(client, {
    reference: options.form.reference ?? "",
    merchantId: scope.merchantId,
    environment: scope.environment,
    origin: options.origin,
    input: parsed.data,
    requestedBy: `dashboard:${options.userId}`,
  });
}

/**
 * The field is "a phone number or an e-mail address": what was typed decides how it goes, as a
 * shopkeeper expects, whatever choice the radio buttons were left on. An address (with "@") is
 * mailed; digits ("07 00 00 04 44", "+225 07...") are texted, a local number read in the merchant's
 * country like every other dashboard field (lib/core/domain/phone.ts); anything else keeps the
 * channel chosen, whose rule then says what is wrong.
 */
export function channelForRecipient(chosen: string, to: string): string {
  const typed = to.trim();
  if (typed.includes("@")) return "email";
  if (/^\+?[\d\s\u00a0\u202f.\-()/]{6,}$/.test(typed) && /\d{6,}/.test(phoneDigits(typed))) return "sms";
  return chosen;
}

/** What the link page's send section shows: the sends, whether the link may be sent, whether SMS works here, and the country local numbers are read in. */
export async function linkSendingView(client: DbClient, scope: MerchantScope, reference: string) {
  const [{ link, sends }, merchant] = await Promise.all([
    listLinkSends(client, { reference, merchantId: scope.merchantId, environment: scope.environment }),
    client.merchant.findUniqueOrThrow({ where: { id: scope.merchantId }, select: { country: true } }),
  ]);
  return { sends, sendable: canSendLink(link), smsAvailable: smsAvailability(scope.environment).provider !== null, country: merchant.country };
}
