import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import type { HeadingRef } from "./checkout-types";
import { ErrorAlert, type CheckoutErrorView } from "./error-alert";

type Props = {
  /** The number the code was sent to, when the page still knows it (not after a reload). */
  phone: string | null;
  triesLeft: number;
  /** The customer generates the code in the operator's menu (Orange Money): we sent none. */
  customerGenerated: boolean;
  provider: string;
  onConfirm: (otp: string) => void;
  onNewCode: () => void;
  confirming: boolean;
  error: CheckoutErrorView;
  headingRef: HeadingRef;
};

/** An OTP attempt: the code the operator sent, with the tries left. */
export function OtpScreen({ phone, triesLeft, customerGenerated, provider, onConfirm, onNewCode, confirming, error, headingRef }: Props) {
  const t = useTranslations("checkout");
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm(String(new FormData(event.currentTarget).get("otp") ?? "").trim());
  };
  return (
    <form onSubmit={submit} aria-labelledby="step-title">
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
        aria-describedby="otp-hint otp-tries"
        className="otp-input"
      />
      <p id="otp-tries">{t("triesLeft", { count: triesLeft })}</p>
      <button className="button" type="submit" disabled={confirming}>
        {confirming ? t("paying") : t("otpSubmit")}
      </button>
      <ErrorAlert error={error} />
      {error?.key === "codeExpired" && (
        <button type="button" className="link-button" onClick={onNewCode}>
          {t("newCode")}
        </button>
      )}
    </form>
  );
}
