import { useTranslations } from "next-intl";

export type CheckoutErrorView = { key: string; count?: number } | null;

/** The live region every step shows its error in (empty when there is none, so it is announced when filled). */
export function ErrorAlert({ error }: { error: CheckoutErrorView }) {
  const t = useTranslations("checkout");
  const text = error ? (error.key === "wrongCode" ? t("errors.wrongCode", { count: error.count ?? 0 }) : t(`errors.${error.key}`)) : "";
  return (
    <p role="alert" aria-live="assertive" className="error">
      {text}
    </p>
  );
}
