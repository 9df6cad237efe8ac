import { useTranslations } from "next-intl";
import type { CheckoutCountryView, CheckoutGatewayView, HeadingRef } from "./checkout-types";
import { ErrorAlert, type CheckoutErrorView } from "./error-alert";

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

/** Step 1: the country (when there is a choice) and the gateway, each with its fees and total. */
export function GatewayScreen({ countries, country, gateway, onCountry, onGateway, onContinue, error, headingRef }: Props) {
  const t = useTranslations("checkout");
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onContinue();
      }}
      aria-labelledby="step-title"
    >
      <h2 id="step-title" ref={headingRef} tabIndex={-1}>
        {t("steps.gateway")}
      </h2>
      {countries.length > 1 && (
        <>
          <label htmlFor="country">{t("country")}</label>
          <select id="country" value={country.code} onChange={(e) => onCountry(e.target.value)}>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </>
      )}
      <fieldset className="gateways">
        <legend className="visually-hidden">{t("steps.gateway")}</legend>
        {country.gateways.map((g) => (
          <label key={g.name} className="gateway">
            <input type="radio" name="gateway" value={g.name} checked={gateway?.name === g.name} onChange={() => onGateway(g.name)} />
            <span>
              <strong>{g.provider}</strong>
              <small>{t("gatewayFees", { fees: g.feesLabel, total: g.totalLabel })}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <button className="button" type="submit">
        {t("continue")}
      </button>
      <ErrorAlert error={error} />
    </form>
  );
}
