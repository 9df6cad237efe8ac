import { createTranslator } from "next-intl";
import type { DomainError } from "@/lib/core/errors/domain-error";
import type { Locale } from "@/lib/core/i18n/locales";
import { limitHeaders } from "@/lib/core/limits/rate-limit";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";

// The page a customer's form answers when its limit is reached (the "was I charged?" look-up):
// a 429 with Retry-After and the limit's RateLimit-* headers, in the visitor's language, plain
// HTML that needs nothing loaded (no script, no style sheet), with the way back to the form.

const CATALOGS = { en, fr } as const;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function limitedFormResponse(limit: DomainError, options: { locale: Locale; backPath: string }): Response {
  const t = createTranslator({ locale: options.locale, messages: CATALOGS[options.locale], namespace: "chargeLookup.limited" });
  const seconds = Math.max(1, limit.retryAfterSeconds ?? 60);
  const body = [
    `<!doctype html><html lang="${options.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(t("title"))}</title></head><body style="font-family:system-ui,sans-serif;max-width:28rem;margin:0 auto;padding:1rem;line-height:1.45">`,
    `<main><h1>${escapeHtml(t("title"))}</h1><p>${escapeHtml(t("body", { minutes: Math.ceil(seconds / 60) }))}</p>`,
    `<p><a href="${escapeHtml(options.backPath)}">${escapeHtml(t("back"))}</a></p></main></body></html>\n`,
  ].join("");
  return new Response(body, {
    status: 429,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "retry-after": String(seconds),
      ...(limit.rateLimit ? limitHeaders(limit.rateLimit) : {}),
    },
  });
}
