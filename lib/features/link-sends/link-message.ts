import { createTranslator } from "next-intl";
import type { Environment } from "@/lib/core/domain/environment";
import { formatMinor } from "@/lib/core/domain/money";
import type { Locale } from "@/lib/core/i18n/locales";
import { labelledLine } from "@/lib/core/i18n/labelled-line";
import type { Mail } from "@/lib/integrations/mail/send-mail";
import en from "@/messages/en.json";
import { gsmSpaces, smsSafeText } from "./sms-safe-text";
import fr from "@/messages/fr.json";

// The words a customer receives with a link, in one language: a short SMS (one 160-character part:
// the merchant's words in it are bounded and cleaned by smsSafeText), or an e-mail with a button.

const CATALOGS = { en, fr } as const;

export type LinkForMessage = {
  merchantName: string;
  amountMinor: bigint;
  currency: string;
  description: string;
  paymentUrl: string;
  expiresAt: Date;
  environment: Environment;
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function translator(locale: Locale) {
  return createTranslator({ locale, messages: CATALOGS[locale], namespace: "linkSending.message" });
}

const amountText = (link: LinkForMessage, locale: Locale) => formatMinor(link.amountMinor, link.currency, locale);

export function linkSms(link: LinkForMessage, locale: Locale): string {
  const t = translator(locale);
  const merchant = smsSafeText(link.merchantName, 30);
  const description = smsSafeText(link.description, 60);
  const values = { merchant, amount: amountText(link, locale), description, url: link.paymentUrl };
  // A description that was all URL or phone number leaves nothing to say "for".
  const text = t(description ? "sms" : "smsWithoutDescription", values);
  return gsmSpaces(link.environment === "sandbox" ? `${t("testPrefix")} ${text}` : text);
}

export function linkMail(link: LinkForMessage, locale: Locale, to: string): Mail {
  const t = translator(locale);
  const amount = amountText(link, locale);
  const values = { merchant: link.merchantName, amount, description: link.description };
  const subject = (link.environment === "sandbox" ? `${t("testPrefix")} ` : "") + t("mailSubject", values);
  const intro = t("mailIntro", values);
  const action = t("mailAction", values);
  const expires = t("mailExpires", { expiresAt: link.expiresAt.toISOString().slice(0, 16).replace("T", " ") });
  const test = link.environment === "sandbox" ? t("mailTest") : "";
  const text = [intro, labelledLine(locale, action, link.paymentUrl), expires, test].filter(Boolean).join("\n\n") + "\n";
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(link.paymentUrl)}" style="display:inline-block;padding:10px 16px;background:#0a5;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p>` +
    `<p style="font-size:13px;color:#555">${escapeHtml(link.paymentUrl)}</p>` +
    `<p style="font-size:13px;color:#555">${escapeHtml(expires)}</p>` +
    (test ? `<p style="font-size:13px;color:#a50">${escapeHtml(test)}</p>` : "");
  return { to, subject, text, html };
}
