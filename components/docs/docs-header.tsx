import { getLocale, getTranslations } from "next-intl/server";
import { LocaleSwitchForm } from "@/components/locale-switch";

/** The developer site's header: where you are, the other sections, the language switch. */
export async function DocsHeader({ path }: { path: string }) {
  const t = await getTranslations("docs");
  const locale = await getLocale();
  return (
    <header className="docs-header">
      <a className="docs-brand" href="/docs">
        {t("title")}
      </a>
      <nav aria-label={t("sections")}>
        <a href="/docs" aria-current={path === "/docs" ? "page" : undefined}>
          {t("reference")}
        </a>
        <a href="/docs/guides" aria-current={path.startsWith("/docs/guides") ? "page" : undefined}>
          {t("guides")}
        </a>
        <a href="/api/v4/openapi.json">{t("openapi")}</a>
      </nav>
      <LocaleSwitchForm redirect={path} current={locale} label={t("language")} />
    </header>
  );
}
