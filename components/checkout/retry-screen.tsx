import { useTranslations } from "next-intl";
import type { HeadingRef } from "./checkout-types";
import { ErrorAlert, type CheckoutErrorView } from "./error-alert";
import { IntentButton, StepForm } from "./step-form";

// The reasons checkout.final.reasons words; any other is the operator's "refused".
const KNOWN_REASONS = ["declined_by_customer", "insufficient_funds", "otp_attempts_exceeded"];

type Props = {
  failureReason: string | null;
  provider: string;
  merchant: string;
  /** The merchant's returnUrl (with reference and status=failed): the customer may also give up. */
  returnUrl: string | null;
  /** The number of the failed attempt, when this page knows it (its own attempt). */
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
 * after a reload too, since the server reads the link as failed and payable. Without JavaScript
 * each choice posts its intent: the same number is a new attempt ("newCode"), the others a step.
 */
export function RetryScreen({ failureReason, provider, merchant, returnUrl, phone, onTryAgain, onOtherNumber, onOtherMethod, starting, error, headingRef }: Props) {
  const t = useTranslations("checkoutRetry");
  const final = useTranslations("checkout.final");
  const reason = KNOWN_REASONS.includes(failureReason ?? "") ? failureReason! : "other";
  return (
    <StepForm onSubmit={onTryAgain} className="final final-failed retry">
      <h2 id="step-title" ref={headingRef} tabIndex={-1}>
        {final("failedTitle")}
      </h2>
      <p className="retry-reason">{final(`reasons.${reason}`)}</p>
      <p>{reason === "insufficient_funds" ? t("topUp") : t("stillOpen")}</p>
      <IntentButton intent={phone ? "newCode" : "otherNumber"} onClick={onTryAgain} disabled={starting}>
        {phone ? t("tryAgainSameNumber", { provider, phone }) : t("tryAgain", { provider })}
      </IntentButton>
      {phone ? (
        <IntentButton intent="otherNumber" className="link-button" onClick={onOtherNumber} disabled={starting}>
          {t("otherNumber")}
        </IntentButton>
      ) : null}
      <IntentButton intent="otherMethod" className="link-button" onClick={onOtherMethod} disabled={starting}>
        {t("otherMethod")}
      </IntentButton>
      <ErrorAlert error={error} />
      {returnUrl ? (
        <a className="link-button" href={returnUrl}>
          {final("backToMerchant", { merchant })}
        </a>
      ) : null}
    </StepForm>
  );
}
