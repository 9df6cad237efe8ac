import { getTranslations } from "next-intl/server";

export default async function HomePage() {
  const t = await getTranslations("home");
  return (
    <main>
      <h1>{t("title")}</h1>
      <p>{t("tagline")}</p>
      <p>{t("sandbox")}</p>
      <p>
        <a href="/docs">{t("docs")}</a>
      </p>
    </main>
  );
}
