import { useTranslations } from "next-intl";
import type { HeadingRef } from "./checkout-types";
import { ErrorAlert, type CheckoutErrorView } from "./error-alert";
import { IntentButton, OtherNumberOrMethod, StepForm } from "./step-form";

type Props = {
  /** The number the code was sent to, when the page knows it. */
  phone: string | null;
  triesLeft: number;
  /** The customer generates the code in the operator's menu (Orange Money): we sent none. */
  customerGenerated: boolean;
  provider: string;
  onConfirm: (otp: string) => void;
  onNewCode: () => void;
  onChangeNumber: () => void;
  onChangeMethod: () => void;
  confirming: boolean;
  error: CheckoutErrorView;
  headingRef: HeadingRef;
};

/**
 * An OTP attempt: the code the operator sent, with the tries left (said once: in the wrong-code
 * error when there is one), and the ways out: a new code, another number, another method.
 */
export function OtpScreen({ phone, triesLeft, customerGenerated, provider, onConfirm, onNewCode, onChangeNumber, onChangeMethod, confirming, error, headingRef }: Props) {
  const t = useTranslations("checkout");
  return (
    <StepForm onSubmit={(form) => onConfirm(String(new FormData(form).get("otp") ?? "").trim())}>
      <h2 id="step-title" ref={headingRef} tabIndex={-1}>
        {t("steps.otp")}
      </h2>
      <p id="otp-hint">
        {customerGenerated ? t("otpGenerateHint", { provider }) : t("otpHint", { phone: phone ?? t("phoneLabel") })}
      </p>
      <label htmlFor="otp">{customerGenerated ? t("otpGeneratedLabel") : t("otpLabel")}</label>
      <input
        id="otp"
        name="otp"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={8}
        required
        aria-describedby={error?.key === "wrongCode" ? "otp-hint" : "otp-hint otp-tries"}
        className="otp-input"
      />
      {/* Said once: after a wrong code the error says the tries left instead. */}
      {error?.key !== "wrongCode" && <p id="otp-tries">{t("triesLeft", { count: triesLeft })}</p>}
      <IntentButton intent="otp" disabled={confirming}>
        {confirming ? t("paying") : t("otpSubmit")}
      </IntentButton>
      <ErrorAlert error={error} />
      <div className="step-ways-out">
        {!customerGenerated && (
          <IntentButton intent="newCode" className="link-button" onClick={onNewCode}>
            {t("newCode")}
          </IntentButton>
        )}
        <OtherNumberOrMethod onChangeNumber={onChangeNumber} onChangeMethod={onChangeMethod} numberLabel={t("changeNumber")} methodLabel={t("changeMethod")} />
      </div>
    </StepForm>
  );
}
