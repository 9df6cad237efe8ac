import { createTranslator } from "next-intl";
import type { Environment } from "@/lib/core/domain/environment";
import { formatMinor } from "@/lib/core/domain/money";
import type { Locale } from "@/lib/core/i18n/locales";
import { labelledLine } from "@/lib/core/i18n/labelled-line";
import type { Mail } from "@/lib/integrations/mail/send-mail";
import { escapeHtml } from "@/lib/features/link-sends/link-message";
import { gsmSpaces, smsSafeText } from "@/lib/features/link-sends/sms-safe-text";
import { lookupUrl } from "@/lib/features/charge-lookup/lookup-token";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";

// The words a customer receives with their receipt, as a payment link's are (link-message.ts):
// one short SMS whose only link is ours (the merchant's name cleaned and bounded by smsSafeText,
// the description left out: the receipt page has it), or an e-mail with a button. Test mode marks
// both "[TEST]" like a link send.

const CATALOGS = { en, fr } as const;

export type ReceiptForMessage = {
  merchantName: string;
  amountMinor: bigint;
  currency: string;
  description: string;
  receiptUrl: string;
  environment: Environment;
};

function translators(locale: Locale) {
  return {
    t: createTranslator({ locale, messages: CATALOGS[locale], namespace: "receipt.message" }),
    // The same marker as a link send's.
    testPrefix: createTranslator({ locale, messages: CATALOGS[locale], namespace: "linkSending.message" })("testPrefix"),
  };
}

export function receiptSms(receipt: ReceiptForMessage, locale: Locale): string {
  const { t, testPrefix } = translators(locale);
  const text = t("sms", { merchant: smsSafeText(receipt.merchantName, 30), amount: formatMinor(receipt.amountMinor, receipt.currency, locale), url: receipt.receiptUrl });
  return gsmSpaces(receipt.environment === "sandbox" ? `${testPrefix} ${text}` : text);
}

export function receiptMail(receipt: ReceiptForMessage, locale: Locale, to: string): Mail {
  const { t, testPrefix } = translators(locale);
  const values = { merchant: receipt.merchantName, amount: formatMinor(receipt.amountMinor, receipt.currency, locale), description: receipt.description };
  const subject = (receipt.environment === "sandbox" ? `${testPrefix} ` : "") + t("mailSubject", values);
  const intro = t("mailIntro", values);
  const action = t("mailAction");
  const test = receipt.environment === "sandbox" ? t("mailTest") : "";
  // "Was I charged?" for a later doubt (issue 51), on the receipt's own origin.
  const lookupAt = lookupUrl(receipt.environment, new URL(receipt.receiptUrl).origin);
  const lookup = labelledLine(locale, createTranslator({ locale, messages: CATALOGS[locale], namespace: "chargeLookup" })("link"), lookupAt);
  const text = [intro, labelledLine(locale, action, receipt.receiptUrl), test, lookup].filter(Boolean).join("\n\n") + "\n";
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(receipt.receiptUrl)}" style="display:inline-block;padding:10px 16px;background:#0a5;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p>` +
    `<p style="font-size:13px;color:#555">${escapeHtml(receipt.receiptUrl)}</p>` +
    (test ? `<p style="font-size:13px;color:#a50">${escapeHtml(test)}</p>` : "") +
    `<p style="font-size:13px;color:#555"><a href="${escapeHtml(lookupAt)}">${escapeHtml(lookup)}</a></p>`;
  return { to, subject, text, html };
}
