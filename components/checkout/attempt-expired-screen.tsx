import { useTranslations } from "next-intl";
import type { HeadingRef } from "./checkout-types";
import { ErrorAlert, type CheckoutErrorView } from "./error-alert";
import { IntentButton, StepForm } from "./step-form";

type Props = {
  otp: boolean;
  onNewCode: () => void;
  onChangeMethod: () => void;
  starting: boolean;
  error: CheckoutErrorView;
  headingRef: HeadingRef;
};

/** An attempt that ran out of time while the link is still payable: a new code, or another method. */
export function AttemptExpiredScreen({ otp, onNewCode, onChangeMethod, starting, error, headingRef }: Props) {
  const t = useTranslations("checkout");
  return (
    <StepForm onSubmit={otp ? onNewCode : onChangeMethod}>
      <h2 id="step-title" ref={headingRef} tabIndex={-1}>
        {otp ? t("errors.codeExpired") : t("errors.attemptExpired")}
      </h2>
      {otp && (
        <IntentButton intent="newCode" onClick={onNewCode} disabled={starting}>
          {t("newCode")}
        </IntentButton>
      )}
      <IntentButton intent="otherMethod" className="link-button" onClick={onChangeMethod}>
        {t("changeMethod")}
      </IntentButton>
      <ErrorAlert error={error} />
    </StepForm>
  );
}
