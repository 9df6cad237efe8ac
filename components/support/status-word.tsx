import { useTranslations } from "next-intl";

/** A status in the staff member's language ("completed" -> "Réussi"); one we have no word for stays as it is, as code. */
export function StatusWord({ status }: { status: string }) {
  const t = useTranslations("support.status");
  return t.has(status) ? <>{t(status)}</> : <code>{status}</code>;
}
