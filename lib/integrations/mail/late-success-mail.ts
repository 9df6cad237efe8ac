import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import type { Locale } from "@/lib/core/i18n/locales";
import type { Mail } from "./send-mail";

const CATALOGS = { en, fr } as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * To an admin: a payout or a refund whose funds we released (its operator had no record of it) was
 * paid by the operator after all; the merchant was debited again. What to check, with where.
 */
export function lateSuccessMail(options: { to: string; locale: Locale; kind: "transfer" | "refund"; reference: string; merchant: string; amount: string; gateway: string }): Mail {
  const t = createTranslator({ locale: options.locale, messages: CATALOGS[options.locale], namespace: "support.mail.lateSuccess" });
  const values = { reference: options.reference, merchant: options.merchant, amount: options.amount, gateway: options.gateway };
  const subject = t(options.kind === "transfer" ? "subjectTransfer" : "subjectRefund", values);
  const intro = t(options.kind === "transfer" ? "introTransfer" : "introRefund", values);
  const todo = t(options.kind === "transfer" ? "todoTransfer" : "todoRefund", values);
  const where = t("where", { path: `/admin/${options.kind === "transfer" ? "transfers" : "refunds"}/${options.reference}` });
  return {
    to: options.to,
    subject,
    text: `${intro}\n\n${todo}\n\n${where}\n`,
    html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(todo)}</p><p>${escapeHtml(where)}</p>`,
  };
}
