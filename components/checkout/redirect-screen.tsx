import { useTranslations } from "next-intl";
import type { HeadingRef } from "./checkout-types";
import { ErrorAlert, type CheckoutErrorView } from "./error-alert";

const KNOWN_TRY_FAILURES = ["insufficient_funds", "declined_by_customer"];

/**
 * A REDIRECT attempt: the way to the operator's page (the flow sends the customer there at once).
 * After a failed try the operator keeps open (Wave), it says why and that the customer may try again.
 */
export function RedirectScreen({
  url,
  provider,
  lastTryFailure,
  error,
  headingRef,
}: {
  url: string | null;
  provider: string;
  lastTryFailure: string | null;
  error: CheckoutErrorView;
  headingRef: HeadingRef;
}) {
  const t = useTranslations("checkout");
  const failure = lastTryFailure ? (KNOWN_TRY_FAILURES.includes(lastTryFailure) ? lastTryFailure : "other") : null;
  return (
    <section aria-labelledby="step-title">
      <h2 id="step-title" ref={headingRef} tabIndex={-1}>
        {t("steps.redirect")}
      </h2>
      {failure ? (
        <p role="status">{t("lastTryFailed", { reason: t(`final.reasons.${failure}`), provider })}</p>
      ) : (
        <p>{t("redirectBody", { provider })}</p>
      )}
      {url && (
        <a className="button" href={url}>
          {t("redirectButton", { provider })}
        </a>
      )}
      <ErrorAlert error={error} />
    </section>
  );
}
