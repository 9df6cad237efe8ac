import { useLocale, useTranslations } from "next-intl";
import type { CheckoutState } from "@/lib/features/checkout/checkout-state";
import { formatMajor } from "@/lib/core/domain/money";
import { AutoRedirect } from "./auto-redirect";

export type FinalStatus = "completed" | "failed" | "expired";
const KNOWN_REASONS = ["declined_by_customer", "insufficient_funds", "otp_attempts_exceeded"];
const REDIRECT_AFTER_SECONDS = 5;

type Props = {
  /** A final state: its status, failure reason and the merchant's returnUrl (carrying reference and status). */
  state: Pick<CheckoutState, "reference" | "status" | "failureReason" | "returnUrl" | "amount" | "fees" | "total" | "currency">;
  merchant: string;
  /** The paid link's receipt page (pay/{reference}/receipt under the environment's prefix). */
  receiptHref: string;
};

/**
 * The end of a payment. Rendered by the server for a link that is already final, and by the
 * checkout island when a payment ends while the customer watches; it holds no client state.
 */
export function FinalScreen({ state, merchant, receiptHref }: Props) {
  const { reference, failureReason, returnUrl, amount, fees, total, currency } = state;
  const locale = useLocale();
  const money = (value: number) => formatMajor(value, currency, locale);
  const status = state.status as FinalStatus;
  const t = useTranslations("checkout.final");
  const reason = KNOWN_REASONS.includes(failureReason ?? "") ? failureReason! : "other";
  return (
    <section aria-labelledby="final-title" className={`final final-${status}`}>
      <h2 id="final-title" tabIndex={-1}>
        {status === "completed" ? t("completedTitle") : status === "failed" ? t("failedTitle") : t("expiredTitle")}
      </h2>
      {status === "completed" && (
        <>
          {/* What the customer was charged, with the fee line: the order amount alone is not what left their account. */}
          <p className="paid-total">{t("paid", { total: money(total ?? amount) })}</p>
          <dl className="summary">
            <dt>{t("amountLine")}</dt>
            <dd>{money(amount)}</dd>
            {fees !== null && (
              <>
                <dt>{t("feesLine")}</dt>
                <dd>{money(fees)}</dd>
              </>
            )}
          </dl>
          <p>{t("completedBody", { merchant })}</p>
          <p>
            <a href={receiptHref}>{t("receipt")}</a>
          </p>
        </>
      )}
      {status === "failed" && <p>{t(`reasons.${reason}`)}</p>}
      {status === "expired" && <p>{t("expiredBody", { merchant })}</p>}
      <p className="reference">{t("reference", { reference })}</p>
      {/* "Was I charged?" on the same environment's prefix as the receipt's path (/test in the sandbox). */}
      <p className="hint">
        <a href={`${receiptHref.slice(0, receiptHref.indexOf("/pay/"))}/check`}>{t("chargeLookup")}</a>
      </p>
      {returnUrl && status === "completed" && (
        <AutoRedirect url={returnUrl} seconds={REDIRECT_AFTER_SECONDS} notice={t("redirecting", { merchant })} stayLabel={t("stayHere")} />
      )}
      {returnUrl && (
        <a className="button" href={returnUrl}>
          {t("backToMerchant", { merchant })}
        </a>
      )}
    </section>
  );
}
