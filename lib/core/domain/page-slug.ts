// A payment page's short address, the one a passer-by types off a poster: /p/boutique-awa
// (/test/p/... in the sandbox), beside the page's reference address, which keeps working (issue 51,
// item 5). One slug names one page across every merchant and environment (the database's unique
// index decides between two claims), so a slug read off a poster can never lead to someone else.

export const PAGE_SLUG = { min: 3, max: 40 } as const;

/**
 * Words no merchant may take: every top-level route of the app (so a slug never reads as one of
 * our own addresses: page-slug.test.ts checks app/'s folders are all here) and the words a
 * customer would trust as ours or an operator's.
 */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  // app/'s top-level routes and the proxy's trees.
  "admin", "api", "bench", "check", "dashboard", "dev", "docs", "locale", "p", "pay", "public", "sandbox", "status", "test",
  // Addresses a service usually has, or will.
  "about", "account", "accounts", "auth", "billing", "callback", "callbacks", "checkout", "contact", "health", "healthz",
  "help", "home", "inngest", "legal", "link", "links", "live", "login", "logout", "mail", "metrics", "new", "oauth",
  "page", "pages", "password", "payment", "payments", "privacy", "qr", "receipt", "receipts", "refund", "refunds",
  "register", "reset", "robots", "security", "settings", "sign-in", "sign-up", "signin", "signup", "sitemap", "staff",
  "static", "support", "system", "terms", "unknown", "verify", "webhook", "webhooks", "www",
  // Operators, whose names a customer reads as the operator itself.
  "airtel", "free", "mpesa", "m-pesa", "moov", "mtn", "mtn-momo", "momo", "orange", "orange-money", "tmoney", "wave",
]);

export type PageSlugRule = "too_short" | "too_long" | "slug_characters" | "slug_reserved";

export type PageSlugCheck = { ok: true; slug: string } | { ok: false; rule: PageSlugRule; message: string };

/** Lowercase letters and digits in words joined by single hyphens: nothing to confuse when read aloud or typed. */
const SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The slug a merchant typed, as it is stored, or the rule it breaks. Surrounding spaces go and
 * capitals become small (phones capitalise the first letter); anything not ASCII is refused before
 * that, so no look-alike letter (Cyrillic "а", the Kelvin sign, which lowercases to "k") can pass
 * for or become another slug.
 */
export function checkPageSlug(typed: string): PageSlugCheck {
  const trimmed = typed.trim();
  if (/[^\x21-\x7e]/.test(trimmed)) {
    return { ok: false, rule: "slug_characters", message: "must use only lowercase letters a to z, digits and single hyphens (no spaces, accents or other alphabets)" };
  }
  const slug = trimmed.toLowerCase();
  if (slug.length < PAGE_SLUG.min) return { ok: false, rule: "too_short", message: `must be at least ${PAGE_SLUG.min} characters` };
  if (slug.length > PAGE_SLUG.max) return { ok: false, rule: "too_long", message: `must be at most ${PAGE_SLUG.max} characters` };
  if (!SHAPE.test(slug)) {
    return { ok: false, rule: "slug_characters", message: "must use only lowercase letters a to z, digits and single hyphens, starting and ending with a letter or digit" };
  }
  if (RESERVED_PAGE_SLUGS.has(slug)) return { ok: false, rule: "slug_reserved", message: `"${slug}" is reserved: choose another address` };
  return { ok: true, slug };
}

/**
 * The slug a path segment may name (it is looked up as is), or null when it cannot be one. As the
 * merchant's input: case does not matter, so a poster's address typed with a capital still opens.
 */
export function slugOfSegment(segment: string): string | null {
  if (segment.length > PAGE_SLUG.max || !/^[A-Za-z0-9-]+$/.test(segment)) return null;
  const slug = segment.toLowerCase();
  return SHAPE.test(slug) && slug.length >= PAGE_SLUG.min && !RESERVED_PAGE_SLUGS.has(slug) ? slug : null;
}
