import { useLocale, useTranslations } from "next-intl";
import { LOCALES } from "@/lib/i18n/locales";

const NAMES: Record<string, string> = { fr: "Français", en: "English" };

/** A plain form, so switching language works before (or without) any JavaScript. */
export function LocaleSwitch({ redirect }: { redirect: string }) {
  const t = useTranslations("checkout");
  const current = useLocale();
  return (
    <form method="post" action="/locale" className="locale-switch">
      <input type="hidden" name="redirect" value={redirect} />
      {LOCALES.filter((l) => l !== current).map((l) => (
        <button key={l} type="submit" name="locale" value={l} lang={l}>
          {NAMES[l]}
        </button>
      ))}
      <span className="visually-hidden">{t("language")}</span>
    </form>
  );
}
