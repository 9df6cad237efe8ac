import { useTranslations } from "next-intl";
import type { HeadingRef } from "./checkout-types";
import { ErrorAlert, type CheckoutErrorView } from "./error-alert";
import { CheckAgainForm } from "./step-form";

/** Seconds between the page's own reloads while it waits without JavaScript (the island polls instead). */
const REFRESH_SECONDS = 3;

/**
 * A DIRECT attempt: the customer approves the push prompt on the phone while the page polls. Without
 * JavaScript the page reloads itself (a refresh inside <noscript>, so a page with scripts never
 * reloads), and "check the payment" asks at once.
 */
export function DirectScreen({ phone, provider, error, headingRef, onCheck, checking }: {
  phone: string;
  provider: string;
  error: CheckoutErrorView;
  headingRef: HeadingRef;
  onCheck: () => void;
  checking: boolean;
}) {
  const t = useTranslations("checkout");
  return (
    <section aria-labelledby="step-title">
      <noscript>
        <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
      </noscript>
      <h2 id="step-title" ref={headingRef} tabIndex={-1}>
        {t("steps.direct")}
      </h2>
      <p>{phone ? t("directBody", { phone, provider }) : t("directBodyNoPhone", { provider })}</p>
      <p role="status" aria-live="polite" className="waiting">
        <span className="spinner" aria-hidden="true" /> {t("waiting")}
      </p>
      <CheckAgainForm onCheck={onCheck} checking={checking} label={t("checkPayment")} />
      <ErrorAlert error={error} />
    </section>
  );
}
