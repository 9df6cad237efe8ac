import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import type { Locale } from "@/lib/core/i18n/locales";
import type { Mail } from "./send-mail";

const CATALOGS = { en, fr } as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** To a merchant's owner: support approved its activation request (live payments work), or refused it with the reason. */
export function activationDecisionMail(options: { to: string; locale: Locale; merchant: string; decision: "approve" | "refuse"; reason?: string | null }): Mail {
  const t = createTranslator({ locale: options.locale, messages: CATALOGS[options.locale], namespace: "auth.mail.activation" });
  if (options.decision === "approve") {
    const body = t("approved", { merchant: options.merchant });
    return { to: options.to, subject: t("approvedSubject", { merchant: options.merchant }), text: `${body}\n`, html: `<p>${escapeHtml(body)}</p>` };
  }
  const intro = t("refused", { merchant: options.merchant });
  const reason = options.reason ?? "";
  const outro = t("refusedOutro");
  return {
    to: options.to,
    subject: t("refusedSubject", { merchant: options.merchant }),
    text: `${intro}\n\n${reason}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><blockquote>${escapeHtml(reason)}</blockquote><p>${escapeHtml(outro)}</p>`,
  };
}
