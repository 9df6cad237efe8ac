import { useContext } from "react";
import { useTranslations } from "next-intl";
import type { HeadingRef } from "./checkout-types";
import { ErrorAlert, type CheckoutErrorView } from "./error-alert";
import { CheckAgainForm, CheckoutAddresses, OtherNumberOrMethod, StepForm } from "./step-form";

/**
 * A DIRECT attempt: the customer approves the push prompt on the phone while the page polls. Without
 * JavaScript the page reloads itself (a refresh inside <noscript>, so a page with scripts never
 * reloads), sooner first and then less often (lib/surfaces/checkout/waiting-refresh.ts), and
 * "check the payment" asks at once. A customer who typed a wrong number, or whose wallet is not
 * the one prompted, need not wait for the attempt to expire: another number, or another way to pay
 * (issue 51). The attempt left behind is superseded, not forgotten: still followed at its operator,
 * an approval of it pays the link or is refunded (lib/features/links/settle-link-attempt.ts).
 */
export function DirectScreen({ phone, provider, error, headingRef, onCheck, checking, onChangeNumber, onChangeMethod }: {
  phone: string;
  provider: string;
  error: CheckoutErrorView;
  headingRef: HeadingRef;
  onCheck: () => void;
  checking: boolean;
  onChangeNumber: () => void;
  onChangeMethod: () => void;
}) {
  const t = useTranslations("checkout");
  const { waitingRefresh } = useContext(CheckoutAddresses);
  return (
    <section aria-labelledby="step-title">
      <noscript>
        <meta httpEquiv="refresh" content={waitingRefresh.url ? `${waitingRefresh.seconds};url=${waitingRefresh.url}` : String(waitingRefresh.seconds)} />
      </noscript>
      <h2 id="step-title" ref={headingRef} tabIndex={-1}>
        {t("steps.direct")}
      </h2>
      <p>{phone ? t("directBody", { phone, provider }) : t("directBodyNoPhone", { provider })}</p>
      <p role="status" aria-live="polite" className="waiting">
        <span className="spinner" aria-hidden="true" /> {t("waiting")}
      </p>
      <CheckAgainForm onCheck={onCheck} checking={checking} label={t("checkPayment")} />
      <ErrorAlert error={error} />
      <StepForm onSubmit={onChangeNumber} className="step-ways-out">
        <p>{t("directWaysOut")}</p>
        <OtherNumberOrMethod onChangeNumber={onChangeNumber} onChangeMethod={onChangeMethod} numberLabel={t("changeNumber")} methodLabel={t("payOtherWay")} />
      </StepForm>
    </section>
  );
}
