import { useTranslations } from "next-intl";
import type { CheckoutCountryView, CheckoutGatewayView, HeadingRef } from "./checkout-types";
import { ErrorAlert, type CheckoutErrorView } from "./error-alert";
import { IntentButton, StepForm } from "./step-form";

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

/**
 * Step 2: the phone number (validated as typed, after the country's dial code), then pay. The pay
 * button is never disabled for a number not yet valid: without JavaScript nothing would enable it;
 * the server checks the number and says what is wrong (the island says it as it is typed).
 */
export function PhoneScreen({ country, gateway, national, phoneValid, onNational, onPay, onBack, paying, error, headingRef }: Props) {
  const t = useTranslations("checkout");
  const invalid = national !== "" && !phoneValid;
  return (
    <StepForm onSubmit={() => phoneValid && onPay()} noValidate>
      <h2 id="step-title" ref={headingRef} tabIndex={-1}>
        {t("steps.phone")}
      </h2>
      <input type="hidden" name="country" value={country.code} />
      <input type="hidden" name="gateway" value={gateway.name} />
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
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={national}
          onChange={(e) => onNational(e.target.value)}
          aria-invalid={invalid}
          aria-describedby="phone-hint phone-error"
          required
        />
      </div>
      <p id="phone-hint" className="hint">
        {t("phoneHint", { provider: gateway.provider })}
      </p>
      <p id="phone-error" className="field-error" aria-live="polite">
        {invalid ? t("phoneInvalid", { dialCode: country.dialCode }) : ""}
      </p>
      <IntentButton intent="pay" disabled={paying}>
        {paying ? t("paying") : t("pay", { total: gateway.totalLabel })}
      </IntentButton>
      <IntentButton intent="back" className="link-button" onClick={onBack}>
        {t("back")}
      </IntentButton>
      {/* The server's "invalid number" is the field's own message when the number is shown again. */}
      <ErrorAlert error={invalid && error?.key === "invalidPhone" ? null : error} />
    </StepForm>
  );
}
