import { formatPhone } from "@/lib/core/domain/phone-display";
import type { getMerchantLink } from "@/lib/surfaces/dashboard/links-queries";
import type { Translator } from "./translator";
import { gatewayLabel } from "@/lib/core/i18n/code-labels";
import { formatMajor } from "@/lib/core/domain/money";
import { formatTime } from "./format";

type Props = {
  link: Awaited<ReturnType<typeof getMerchantLink>>["link"];
  /** The link's formatted amount, as the page shows it. */
  amount: string;
  t: Translator;
  /** The linkDuplicate namespace. */
  td: Translator;
  labels: Translator;
  locale: string;
  timeZone: string;
  reasonText: ReasonText;
};

/** Why an attempt failed, in the customer's words (checkout.final.reasons), which the merchant reads too. */
export type ReasonText = (reason: string | null) => string | null;

/** A link's facts: its status (and why a failed one is still open), amount, fees, gateway, customer and dates. */
export function LinkDetails({ link, amount, t, td, labels, locale, timeZone, reasonText }: Props) {
  return (
    <>
      <h2>{t("link.details")}</h2>
      <dl className="dash-fields dash-card">
        <dt>{t("list.status")}</dt>
        <dd>
          <span className={`badge badge-${link.status}`}>{t(`status.${link.status}`)}</span>
          {link.paidAfterExpiry ? ` ${t("link.paidAfterExpiry")}` : null}
          {/* Failed is not final (docs/decisions.md): the customer may still pay until expiresAt. */}
          {link.status === "failed" ? <p className="dash-hint">{td("failedStillOpen", { reason: reasonText(link.failureReason) ?? "", expires: formatTime(link.expiresAt, locale, timeZone) })}</p> : null}
        </dd>
        <dt>{t("list.amount")}</dt>
        <dd>{amount}</dd>
        {/* A fee is only taken on a payment that went through: a failed or expired link shows none. */}
        {link.fees !== null && link.status === "completed" ? (
          <>
            <dt>{t("link.fees")}</dt>
            <dd>{formatMajor(link.fees, link.currency, locale)}</dd>
          </>
        ) : null}
        {link.gatewayName ? (
          <>
            <dt>{t("link.gateway")}</dt>
            <dd>{gatewayLabel(labels, link.gatewayName)}</dd>
          </>
        ) : null}
        <dt>{t("list.customer")}</dt>
        <dd>{[link.customerName, link.customerEmail, formatPhone(link.customerPhone)].filter(Boolean).join(" · ") || "—"}</dd>
        <dt>{t("list.created")}</dt>
        <dd>{formatTime(link.createdAt, locale, timeZone)}</dd>
        <dt>{t("link.expires")}</dt>
        <dd>{formatTime(link.expiresAt, locale, timeZone)}</dd>
        {link.completedAt ? (
          <>
            <dt>{t("link.completedAt")}</dt>
            <dd>{formatTime(link.completedAt, locale, timeZone)}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}
