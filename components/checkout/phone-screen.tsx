import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import type { CheckoutCountryView, CheckoutGatewayView, HeadingRef } from "./checkout-types";
import { ErrorAlert, type CheckoutErrorView } from "./error-alert";

type Props = {
  country: CheckoutCountryView;
  gateway: CheckoutGatewayView;
  national: string;
  phoneValid: boolean;
  /** The field's raw value; the flow decides whether a pasted international number changes the country. */
  onNational: (value: string) => void;
  onPay: () => void;
  onBack: () => void;
  paying: boolean;
  error: CheckoutErrorView;
  headingRef: HeadingRef;
};

/** Step 2: the phone number (validated as typed, after the country's dial code), then pay. */
export function PhoneScreen({ country, gateway, national, phoneValid, onNational, onPay, onBack, paying, error, headingRef }: Props) {
  const t = useTranslations("checkout");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phoneValid) onPay();
  };
  return (
    <form onSubmit={submit} aria-labelledby="step-title" noValidate>
      <h2 id="step-title" ref={headingRef} tabIndex={-1}>
        {t("steps.phone")}
      </h2>
      <dl className="summary">
        <dt>{t("fees")}</dt>
        <dd>{gateway.feesLabel}</dd>
        <dt>{t("total")}</dt>
        <dd>{gateway.totalLabel}</dd>
      </dl>
      <label htmlFor="phone">{t("phoneLabel")}</label>
      <div className="phone-field">
        <span aria-hidden="true">+{country.dialCode}</span>
        <input
          id="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={national}
          onChange={(e) => onNational(e.target.value)}
          aria-invalid={national !== "" && !phoneValid}
          aria-describedby="phone-hint phone-error"
          required
        />
      </div>
      <p id="phone-hint" className="hint">
        {t("phoneHint", { provider: gateway.provider })}
      </p>
      <p id="phone-error" className="field-error" aria-live="polite">
        {national !== "" && !phoneValid ? t("phoneInvalid", { dialCode: country.dialCode }) : ""}
      </p>
      <button className="button" type="submit" disabled={!phoneValid || paying}>
        {paying ? t("paying") : t("pay", { total: gateway.totalLabel })}
      </button>
      <button type="button" className="link-button" onClick={onBack}>
        {t("back")}
      </button>
      <ErrorAlert error={error} />
    </form>
  );
}
