import { getLocale, getTranslations } from "next-intl/server";
import { LocaleSwitchForm } from "@/components/locale-switch";
import { retryWait } from "@/lib/core/limits/retry-wait";

/** The brand line and title every account page opens with, and the language switch. */
export async function AuthHeader({ title, redirect }: { title: string; redirect: string }) {
  const t = await getTranslations("auth");
  const checkout = await getTranslations("checkout");
  return (
    <>
      <p className="auth-brand">{t("brand")}</p>
      <h1>{title}</h1>
      <LocaleSwitchForm redirect={redirect} current={await getLocale()} label={checkout("language")} />
    </>
  );
}

const ERRORS = ["invalidCredentials", "unverified", "emailTaken", "weakPassword", "invalidCode", "invalidToken", "tooMany", "missing", "generic"] as const;

/** The refusal a server action sent back in ?error= (and, for "tooMany", ?wait= seconds), in the reader's language. */
export async function AuthError({ error, wait }: { error?: string; wait?: string }) {
  if (!error) return null;
  const t = await getTranslations("auth.errors");
  const kind = (ERRORS as readonly string[]).includes(error) ? (error as (typeof ERRORS)[number]) : "generic";
  const retry = kind === "tooMany" ? retryWait(wait) : undefined;
  return (
    <p role="alert" className="auth-error">
      {retry ? t(retry.unit === "seconds" ? "tooManySeconds" : "tooManyMinutes", { count: retry.count }) : t(kind)}
    </p>
  );
}
