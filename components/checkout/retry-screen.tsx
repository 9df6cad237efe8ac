import { useTranslations } from "next-intl";
import type { HeadingRef } from "./checkout-types";
import { ErrorAlert, type CheckoutErrorView } from "./error-alert";

// The reasons checkout.final.reasons words; any other is the operator's "refused".
const KNOWN_REASONS = ["declined_by_customer", "insufficient_funds", "otp_attempts_exceeded"];

type Props = {
  failureReason: string | null;
  provider: string;
  merchant: string;
  /** The merchant's returnUrl (with reference and status=failed): the customer may also give up. */
  returnUrl: string | null;
  /** The number of the failed attempt, when this page still knows it (not after a reload). */
  phone: string | null;
  onTryAgain: () => void;
  onOtherNumber: () => void;
  onOtherMethod: () => void;
  starting: boolean;
  error: CheckoutErrorView;
  headingRef: HeadingRef;
};

/**
 * The last attempt failed but the link is still payable (until its expiresAt): say why, clearly,
 * then offer the same method again (same number, or another one) and the other methods. Shown
 * after a reload too, since the server reads the link as failed and payable.
 */
export function RetryScreen({ failureReason, provider, merchant, returnUrl, phone, onTryAgain, onOtherNumber, onOtherMethod, starting, error, headingRef }: Props) {
  const t = useTranslations("checkoutRetry");
  const final = useTranslations("checkout.final");
  const reason = KNOWN_REASONS.includes(failureReason ?? "") ? failureReason! : "other";
  return (
    <section aria-labelledby="step-title" className="final final-failed retry">
      <h2 id="step-title" ref={headingRef} tabIndex={-1}>
        {final("failedTitle")}
      </h2>
      <p className="retry-reason">{final(`reasons.${reason}`)}</p>
      <p>{reason === "insufficient_funds" ? t("topUp") : t("stillOpen")}</p>
      <button className="button" onClick={onTryAgain} disabled={starting}>
        {phone ? t("tryAgainSameNumber", { provider, phone }) : t("tryAgain", { provider })}
      </button>
      {phone ? (
        <button className="link-button" onClick={onOtherNumber} disabled={starting}>
          {t("otherNumber")}
        </button>
      ) : null}
      <button className="link-button" onClick={onOtherMethod} disabled={starting}>
        {t("otherMethod")}
      </button>
      <ErrorAlert error={error} />
      {returnUrl ? (
        <a className="link-button" href={returnUrl}>
          {final("backToMerchant", { merchant })}
        </a>
      ) : null}
    </section>
  );
}
