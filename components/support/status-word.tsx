import { useTranslations } from "next-intl";

/** A status in the staff member's language ("completed" -> "Réussi"); one we have no word for stays as it is, as code. */
export function StatusWord({ status }: { status: string }) {
  const t = useTranslations("support.status");
  return t.has(status) ? <>{t(status)}</> : <code>{status}</code>;
}

/** Live or sandbox in the staff member's language ("Production", "Test"). */
export function EnvironmentWord({ environment }: { environment: string }) {
  const t = useTranslations("support.search.environment");
  return t.has(environment) ? <>{t(environment)}</> : <code>{environment}</code>;
}
