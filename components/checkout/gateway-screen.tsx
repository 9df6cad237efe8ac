import { useTranslations } from "next-intl";
import type { CheckoutCountryView, CheckoutGatewayView, HeadingRef } from "./checkout-types";
import { ErrorAlert, type CheckoutErrorView } from "./error-alert";
import { IntentButton, StepForm } from "./step-form";

type Props = {
  countries: CheckoutCountryView[];
  country: CheckoutCountryView;
  gateway: CheckoutGatewayView | undefined;
  onCountry: (code: string) => void;
  onGateway: (name: string) => void;
  onContinue: () => void;
  error: CheckoutErrorView;
  headingRef: HeadingRef;
};

/**
 * Step 1: the country (when there is a choice) and the gateway, each with its fees and total.
 * Without JavaScript a new country's list is not on the page yet: Continue posts the country and
 * the server answers with its list (lib/surfaces/checkout/submit-checkout-form.ts, "choose").
 */
export function GatewayScreen({ countries, country, gateway, onCountry, onGateway, onContinue, error, headingRef }: Props) {
  const t = useTranslations("checkout");
  return (
    <StepForm onSubmit={onContinue}>
      <h2 id="step-title" ref={headingRef} tabIndex={-1}>
        {t("steps.gateway")}
      </h2>
      {countries.length > 1 ? (
        <>
          <label htmlFor="country">{t("country")}</label>
          <select id="country" name="country" value={country.code} onChange={(e) => onCountry(e.target.value)}>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </>
      ) : (
        <input type="hidden" name="country" value={country.code} />
      )}
      <fieldset className="gateways">
        <legend className="visually-hidden">{t("steps.gateway")}</legend>
        {country.gateways.map((g) => (
          <label key={g.name} className="gateway">
            <input type="radio" name="gateway" value={g.name} checked={gateway?.name === g.name} onChange={() => onGateway(g.name)} />
            <span>
              <strong>{g.provider}</strong>
              <small>{t("gatewayFees", { fees: g.feesLabel, total: g.totalLabel })}</small>
              {g.availability ? <small className="gateway-notice">{t(`gatewayAvailability.${g.availability}`, { provider: g.provider })}</small> : null}
            </span>
          </label>
        ))}
      </fieldset>
      <IntentButton intent="choose">{t("continue")}</IntentButton>
      <ErrorAlert error={error} />
    </StepForm>
  );
}
