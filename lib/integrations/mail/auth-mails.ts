import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import type { Locale } from "@/lib/core/i18n/locales";
import { labelledLine } from "@/lib/core/i18n/labelled-line";
import type { Mail } from "./send-mail";

export type AuthMailKind = "verify" | "reset" | "invite";

const CATALOGS = { en, fr } as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * The verification, password-reset and invitation mails, in the reader's language: a line of
 * text, the link as a button, and the link again in plain text for mail clients that hide buttons.
 * An invitation names its sender (name and e-mail) and says the business name is the sender's
 * own words: anyone who signs up can name a business and invite any address (docs/security.md).
 */
export function authMail(kind: AuthMailKind, options: { to: string; url: string; locale: Locale; organization?: string; inviter?: string; inviterEmail?: string }): Mail {
  const t = createTranslator({ locale: options.locale, messages: CATALOGS[options.locale], namespace: "auth.mail" });
  const values = { organization: options.organization ?? "", inviter: options.inviter ?? "", inviterEmail: options.inviterEmail ?? "" };
  const subject = t(`${kind}.subject`, values);
  const intro = t(`${kind}.intro`, values);
  const action = t(`${kind}.action`);
  const ignore = t(`${kind}.ignore`);
  const text = `${intro}\n\n${labelledLine(options.locale, action, options.url)}\n\n${ignore}\n`;
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(options.url)}" style="display:inline-block;padding:10px 16px;background:#0a5;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p>` +
    `<p style="font-size:13px;color:#555">${escapeHtml(options.url)}</p>` +
    `<p style="font-size:13px;color:#555">${escapeHtml(ignore)}</p>`;
  return { to: options.to, subject, text, html };
}
