import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { marked } from "marked";
import type { Locale } from "@/lib/core/i18n/locales";

// The developer guides served under /docs/guides. Their text lives in the repository's docs/
// folder, one markdown file per guide and language (docs/guides/<slug>.md in English,
// docs/guides/fr/<slug>.md in French), so the pages and a reader of the clone share one source.
// A guide with no French file (the operator facts) is shown in English on the French site.
// The files are ours, never user input: their HTML is rendered as written.

// The quick start first: the guides index lists them in this order.
export const GUIDE_SLUGS = ["quick-start", "going-live", "webhooks", "idempotency", "sandbox", "payment-pages", "bulk-payouts", "operators", "security"] as const;
export type GuideSlug = (typeof GUIDE_SLUGS)[number];

/** Where a guide's markdown lives, relative to the repository root. */
const SOURCES: Record<GuideSlug, Partial<Record<Locale, string>> & { en: string }> = {
  "quick-start": { en: "docs/guides/quick-start.md", fr: "docs/guides/fr/quick-start.md" },
  "going-live": { en: "docs/guides/going-live.md", fr: "docs/guides/fr/going-live.md" },
  webhooks: { en: "docs/guides/webhooks.md", fr: "docs/guides/fr/webhooks.md" },
  idempotency: { en: "docs/guides/idempotency.md", fr: "docs/guides/fr/idempotency.md" },
  sandbox: { en: "docs/guides/sandbox.md", fr: "docs/guides/fr/sandbox.md" },
  "payment-pages": { en: "docs/guides/payment-pages.md", fr: "docs/guides/fr/payment-pages.md" },
  "bulk-payouts": { en: "docs/guides/bulk-payouts.md", fr: "docs/guides/fr/bulk-payouts.md" },
  operators: { en: "docs/operators.md" },
  // How to report a vulnerability: /.well-known/security.txt's Policy (server/security-txt.cjs).
  // Not docs/security.md: the team's threat model, known gaps included, is not for the site.
  security: { en: "docs/guides/security.md", fr: "docs/guides/fr/security.md" },
};

/** A heading's anchor, as GitHub writes it ("Reporting a vulnerability" -> "reporting-a-vulnerability"). */
const anchor = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&[a-z0-9#]+;/gi, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s/g, "-");

export const isGuideSlug = (value: string): value is GuideSlug => (GUIDE_SLUGS as readonly string[]).includes(value);

export type Guide = { slug: GuideSlug; locale: Locale; title: string; html: string };

export async function readGuide(slug: GuideSlug, locale: Locale): Promise<Guide> {
  const shown: Locale = SOURCES[slug][locale] ? locale : "en";
  // Not traced (a path built at run time would make the build copy the whole project into the
  // standalone output): next.config.ts ships docs/ with the guide pages instead.
  const markdown = await fs.readFile(path.join(/* turbopackIgnore: true */ process.cwd(), SOURCES[slug][shown]!), "utf8");
  const title = /^# (.+)$/m.exec(markdown)?.[1].trim() ?? slug;
  // Code blocks and tables wider than a phone scroll: they must be reachable by keyboard
  // (axe scrollable-region-focusable).
  // Section headings get GitHub's anchors, so a link can name a section.
  const html = (await marked.parse(markdown))
    .replaceAll("<pre>", '<pre tabindex="0">')
    .replaceAll("<table>", '<table tabindex="0">')
    .replace(/<h([23])>(.*?)<\/h\1>/g, (_, level: string, text: string) => `<h${level} id="${anchor(text)}">${text}</h${level}>`);
  return { slug, locale: shown, title, html };
}
