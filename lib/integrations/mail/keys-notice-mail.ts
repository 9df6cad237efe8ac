import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import type { Locale } from "@/lib/core/i18n/locales";
import type { Mail } from "./send-mail";

const CATALOGS = { en, fr } as const;

/** One key a role change narrowed: its name, environment, the scopes it lost, and whether it was revoked (nothing left). */
export type NarrowedKey = { name: string; prefix: string; environment: string; removed: string[]; revoked: boolean };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** To an owner: the API keys a member made lost scopes (or were revoked) when that member's role changed or they left. */
export function keysNoticeMail(options: { to: string; locale: Locale; maker: string; stillMember: boolean; keys: NarrowedKey[] }): Mail {
  const t = createTranslator({ locale: options.locale, messages: CATALOGS[options.locale], namespace: "auth.mail.keysNarrowed" });
  const subject = t("subject", { maker: options.maker });
  const intro = t(options.stillMember ? "introRole" : "introLeft", { maker: options.maker });
  const lines = options.keys.map((key) =>
    key.revoked
      ? t("revoked", { name: key.name, prefix: key.prefix, environment: key.environment })
      : t("narrowed", { name: key.name, prefix: key.prefix, environment: key.environment, scopes: key.removed.join(", ") }),
  );
  const outro = t("outro");
  const text = `${intro}\n\n${lines.map((l) => `- ${l}`).join("\n")}\n\n${outro}\n`;
  const html = `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul><p>${escapeHtml(outro)}</p>`;
  return { to: options.to, subject, text, html };
}
