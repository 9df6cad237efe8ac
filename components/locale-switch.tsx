import { useLocale, useTranslations } from "next-intl";
import { LOCALES } from "@/lib/core/i18n/locales";

const NAMES: Record<string, string> = { fr: "Français", en: "English" };

type LocaleSwitchFormProps = { redirect: string; current: string; label: string };

/** The form itself, with no hooks, so server pages and the console's client wrapper render the same markup. */
export function LocaleSwitchForm({ redirect, current, label }: LocaleSwitchFormProps) {
  return (
    <form method="post" action="/locale" className="locale-switch">
      <input type="hidden" name="redirect" value={redirect} />
      {LOCALES.filter((l) => l !== current).map((l) => (
        <button key={l} type="submit" name="locale" value={l} lang={l}>
          {NAMES[l]}
        </button>
      ))}
      <span className="visually-hidden">{label}</span>
    </form>
  );
}

/** A plain form, so switching language works before (or without) any JavaScript. */
export function LocaleSwitch({ redirect }: { redirect: string }) {
  const t = useTranslations("checkout");
  return <LocaleSwitchForm redirect={redirect} current={useLocale()} label={t("language")} />;
}
