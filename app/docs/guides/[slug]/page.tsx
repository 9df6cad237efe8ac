// GET /docs/guides/{slug} - one developer guide, rendered from its markdown in docs/
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { DocsHeader } from "@/components/docs/docs-header";
import { isGuideSlug, readGuide } from "@/lib/surfaces/docs/guides";
import { isLocale } from "@/lib/core/i18n/locales";
import "../../docs.css";

type Params = { params: Promise<{ slug: string }> };

async function guideFor(slug: string) {
  if (!isGuideSlug(slug)) notFound();
  const locale = await getLocale();
  return readGuide(slug, isLocale(locale) ? locale : "en");
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { slug } = await params;
  const t = await getTranslations("docs");
  if (!isGuideSlug(slug)) return { title: t("title") };
  return { title: `${(await guideFor(slug)).title} - ${t("title")}` };
}

export default async function GuidePage({ params }: Params) {
  const { slug } = await params;
  const guide = await guideFor(slug);
  const t = await getTranslations("docs");
  const locale = await getLocale();
  return (
    <>
      <DocsHeader path={`/docs/guides/${guide.slug}`} />
      <main className="docs-guide" lang={guide.locale}>
        {guide.locale !== locale && <p className="docs-note">{t("englishOnly")}</p>}
        {/* Our own markdown from docs/, never user input. */}
        <article dangerouslySetInnerHTML={{ __html: guide.html }} />
      </main>
    </>
  );
}
