import "server-only";
import { db } from "@/lib/core/db/client";
import { isLocale, type Locale } from "./locales";

/**
 * The language a merchant chose for its checkout (dashboard settings), for a customer whose
 * browser names none we offer; null when there is no such link or no choice. Only asked then,
 * so the usual checkout render costs no extra query.
 */
export async function merchantCheckoutLanguage(reference: string | null): Promise<Locale | null> {
  if (!reference || reference.length > 100) return null;
  const link = await db().paymentLink.findUnique({ where: { reference }, select: { merchant: { select: { defaultLanguage: true } } } });
  const language = link?.merchant.defaultLanguage ?? undefined;
  return isLocale(language) ? language : null;
}
