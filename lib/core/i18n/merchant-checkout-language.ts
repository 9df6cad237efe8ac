import "server-only";
import { db } from "@/lib/core/db/client";
import { isLocale, type Locale } from "./locales";

/**
 * The language a merchant chose for its checkout (dashboard settings), for a customer whose
 * browser names none we offer (on a link's checkout or a payment page); null when there is no
 * such link or page, or no choice. Only asked then,
 * so the usual checkout render costs no extra query.
 */
export async function merchantCheckoutLanguage(reference: string | null): Promise<Locale | null> {
  if (!reference || reference.length > 100) return null;
  const select = { merchant: { select: { defaultLanguage: true } } };
  // A payment page's reference (/p/{reference}) or a link's (/pay/{reference}).
  const owner = reference.startsWith("PAGE_")
    ? await db().paymentPage.findUnique({ where: { reference }, select })
    : await db().paymentLink.findUnique({ where: { reference }, select });
  const language = owner?.merchant.defaultLanguage ?? undefined;
  return isLocale(language) ? language : null;
}
