import { useTranslations } from "next-intl";
import type { HeadingRef } from "./checkout-types";
import { ErrorAlert, type CheckoutErrorView } from "./error-alert";

/** A DIRECT attempt: the customer approves the push prompt on the phone while the page polls. */
export function DirectScreen({ phone, provider, error, headingRef }: { phone: string; provider: string; error: CheckoutErrorView; headingRef: HeadingRef }) {
  const t = useTranslations("checkout");
  return (
    <section aria-labelledby="step-title">
      <h2 id="step-title" ref={headingRef} tabIndex={-1}>
        {t("steps.direct")}
      </h2>
      <p>{t("directBody", { phone, provider })}</p>
      <p role="status" aria-live="polite" className="waiting">
        <span className="spinner" aria-hidden="true" /> {t("waiting")}
      </p>
      <ErrorAlert error={error} />
    </section>
  );
}
