// GET /docs/guides - the developer guides, in the reader's language
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { DocsHeader } from "@/components/docs/docs-header";
import { GUIDE_SLUGS, readGuide } from "@/lib/surfaces/docs/guides";
import { isLocale } from "@/lib/core/i18n/locales";
import "../docs.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("docs");
  return { title: `${t("guides")} - ${t("title")}` };
}

export default async function GuidesPage() {
  const t = await getTranslations("docs");
  const locale = await getLocale();
  const guides = await Promise.all(GUIDE_SLUGS.map((slug) => readGuide(slug, isLocale(locale) ? locale : "en")));
  return (
    <>
      <DocsHeader path="/docs/guides" />
      <main className="docs-guides">
        <h1>{t("guides")}</h1>
        <p>{t("guidesIntro")}</p>
        <ul>
          {guides.map((guide) => (
            <li key={guide.slug}>
              <a href={`/docs/guides/${guide.slug}`} lang={guide.locale}>
                {guide.title}
              </a>
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}
