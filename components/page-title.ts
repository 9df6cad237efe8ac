import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

// Tab titles (<title>) in the page's language (messages: titles). A section's layout gives the
// template ("%s · Tableau de bord"), each page its own words; tests/dashboard/page-titles.integration.test.ts
// walks every dashboard, account and support page and checks its title is in the catalog.

/** A page's generateMetadata: its title from titles.<key>. */
export function pageTitle(key: string, extra: Metadata = {}): () => Promise<Metadata> {
  return async () => ({ ...extra, title: (await getTranslations("titles"))(key as never) });
}

/** A section layout's generateMetadata: titles.<section> alone, or after a page's title; not indexed. */
export function sectionTitle(section: "dashboard" | "account" | "support"): () => Promise<Metadata> {
  return async () => {
    const name = (await getTranslations("titles"))(section);
    return { title: { default: name, template: `%s · ${name}` }, robots: { index: false } };
  };
}
