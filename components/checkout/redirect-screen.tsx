import { useTranslations } from "next-intl";
import type { HeadingRef } from "./checkout-types";
import { ErrorAlert, type CheckoutErrorView } from "./error-alert";

/** A REDIRECT attempt: the way to the operator's page (the flow sends the customer there at once). */
export function RedirectScreen({ url, provider, error, headingRef }: { url: string | null; provider: string; error: CheckoutErrorView; headingRef: HeadingRef }) {
  const t = useTranslations("checkout");
  return (
    <section aria-labelledby="step-title">
      <h2 id="step-title" ref={headingRef} tabIndex={-1}>
        {t("steps.redirect")}
      </h2>
      <p>{t("redirectBody", { provider })}</p>
      {url && (
        <a className="button" href={url}>
          {t("redirectButton", { provider })}
        </a>
      )}
      <ErrorAlert error={error} />
    </section>
  );
}
