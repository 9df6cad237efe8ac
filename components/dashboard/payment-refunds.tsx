import { formatPhone } from "@/lib/core/domain/phone-display";
import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import { getLocale, getTranslations } from "next-intl/server";
import type { ActionState } from "@/lib/surfaces/dashboard/dashboard-action";
import { minorText } from "@/lib/features/transfers/balance-and-transfers";
import type { paymentRefunds } from "@/lib/features/refunds/payment-refunds";
import { formatMinor, currencyName } from "@/lib/core/domain/money";
import { newFormToken } from "@/lib/core/domain/form-token";
import { failureReasonLabel, gatewayLabel } from "@/lib/core/i18n/code-labels";
import { formatTime } from "./format";
import { RefundForm } from "./refund-form";
import { moneyOutStatus } from "@/lib/core/domain/transfer-review";

type Props = Awaited<ReturnType<typeof paymentRefunds>> & {
  /** Absent for members who may not refund (developers, viewers): no form. */
  refund?: (state: ActionState, form: FormData) => Promise<ActionState>;
  timeZone: string;
};

/**
 * A payment's refunds on its page: what can still be refunded, the refund form for members who
 * may refund, and every refund of it (the merchant's and those the platform made on its own), with
 * its status, amount, when, and why it failed. Nothing for a payment that holds no money and has
 * no refund.
 */
export async function PaymentRefunds({ refundable, refunds, refund, timeZone }: Props) {
  const [t, labels, locale] = await Promise.all([getTranslations("dashboard"), getTranslations("labels"), getLocale()]);
  if (!refundable && refunds.length === 0) return null;
  const left = refundable && refundable.amountMinor > 0n ? refundable : null;
  const asked = (r: Props["refunds"][number]) => {
    if (r.source !== "refund_due") return r.requestedBy.startsWith("dashboard:") ? t("refunds.fromDashboard") : t("refunds.fromApi");
    return t(`refunds.automatic.${r.reason && t.has(`refunds.automatic.${r.reason}`) ? r.reason : "other"}`);
  };
  const failure = (reason: string) => (t.has(`refunds.failures.${reason}`) ? t(`refunds.failures.${reason}`) : failureReasonLabel(labels, reason));
  return (
    <section aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">{t("refunds.heading")}</h2>
      {refundable ? <p>{left ? t("refunds.refundable", { amount: formatMinor(left.amountMinor, left.currency, locale) }) : t("refunds.nothingLeft")}</p> : null}
      {left && refund ? (
        <section className="dash-card" aria-label={t("refunds.form")}>
          <RefundForm
            action={refund}
            paymentReference={left.paymentReference}
            currency={left.currency}
            defaultAmount={minorText(left.amountMinor, left.currency)}
            locale={locale}
            // Drawn with the page: a post of this form is made once (lib/surfaces/dashboard/money-out-forms.ts).
            formToken={newFormToken()}
            labels={{
              amount: t("refunds.amount", { currency: currencyName(left.currency) }),
              amountHint: t("refunds.amountHint", { amount: formatMinor(left.amountMinor, left.currency, locale) }),
              reason: t("refunds.reason"),
              review: t("refunds.review"),
              confirm: t("refunds.confirm"),
              change: t("refunds.change"),
              sending: t("refunds.sending"),
              question: t("refunds.question", { amount: "\u0000", phone: formatPhone(left.customerPhone), gateway: gatewayLabel(labels, left.gatewayName) }).split("\u0000") as [string, string],
            }}
          />
        </section>
      ) : null}
      {refunds.length === 0 ? (
        <p>{t("refunds.none")}</p>
      ) : (
        <div className="dash-table-wrap" tabIndex={0}>
          <table className="dash-table dash-cards" style={cardColumns([t("list.reference"), t("list.amount"), t("list.status"), t("refunds.by"), t("list.created"), t("refunds.settledAt")])}>
            <caption>{t("refunds.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("list.reference")}</th>
                <th scope="col" className="num">
                  {t("list.amount")}
                </th>
                <th scope="col">{t("list.status")}</th>
                <th scope="col">{t("refunds.by")}</th>
                <th scope="col">{t("list.created")}</th>
                <th scope="col">{t("refunds.settledAt")}</th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((r) => (
                <tr key={r.id}>
                  <td>{r.reference}</td>
                  <td className="num">{formatMinor(r.amountMinor, r.currency, locale)}</td>
                  <td>
                    <span className={`badge badge-${moneyOutStatus(r)}`}>{t(`refundStatus.${moneyOutStatus(r)}`)}</span>
                    {r.failureReason ? ` ${failure(r.failureReason)}` : null}
                  </td>
                  <td>{asked(r)}</td>
                  <td>{formatTime(r.createdAt, locale, timeZone)}</td>
                  <td>{formatTime(r.completedAt ?? r.failedAt, locale, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
