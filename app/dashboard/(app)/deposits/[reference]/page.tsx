import { formatPhone } from "@/lib/core/domain/phone-display";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { DeliveryLog } from "@/components/dashboard/delivery-log";
import { PaymentRefunds } from "@/components/dashboard/payment-refunds";
import { formatTime } from "@/components/dashboard/format";
import { timelineSentence } from "@/components/dashboard/timeline-sentence";
import { failureReasonLabel, gatewayLabel } from "@/lib/core/i18n/code-labels";
import { can } from "@/lib/features/auth/member-permissions";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { getMerchantDeposit } from "@/lib/surfaces/dashboard/deposits-queries";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { formatMajor } from "@/lib/core/domain/money";
import { isNotFound } from "@/lib/core/errors/domain-error";
import { refundPaymentAction } from "../../refund-payment-action";
import { replayDeliveryAction } from "../../links/actions";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("deposit");

type Props = { params: Promise<{ reference: string }> };

export default async function DepositPage({ params }: Props) {
  const { member, scope } = await requirePageMember("/dashboard/deposits/[reference]");
  const { reference } = await params;
  const [t, labels, steps, locale] = await Promise.all([getTranslations("dashboard"), getTranslations("labels"), getTranslations("dashboard.timelineSteps"), getLocale()]);
  const detail = await getMerchantDeposit(scope, reference).catch((error) => {
    if (isNotFound(error)) notFound();
    throw error;
  });
  const d = detail.deposit;
  return (
    <>
      <p>
        <a href={dashboardPath(scope.environment, "/deposits")}>{t("deposits.back")}</a>
      </p>
      <h1>{t("deposits.detailHeading", { reference: d.reference })}</h1>
      <dl className="dash-fields dash-card">
        <dt>{t("list.status")}</dt>
        <dd>
          <span className={`badge badge-${d.status}`}>{t(`status.${d.status}`)}</span>
          {d.failureReason ? ` ${failureReasonLabel(labels, d.failureReason)}` : null}
        </dd>
        <dt>{t("list.amount")}</dt>
        <dd>{formatMajor(d.amount, d.currency, locale)}</dd>
        {/* A fee is only taken on a payment that went through. */}
        {d.status === "completed" ? (
          <>
            <dt>{t("link.fees")}</dt>
            <dd>{formatMajor(d.fees, d.currency, locale)}</dd>
          </>
        ) : null}
        <dt>{t("link.gateway")}</dt>
        <dd>{gatewayLabel(labels, d.gatewayName)}</dd>
        <dt>{t("list.customer")}</dt>
        <dd>{[d.customerName, formatPhone(d.customerPhone), d.customerEmail].filter(Boolean).join(" · ")}</dd>
        <dt>{t("list.created")}</dt>
        <dd>{formatTime(d.createdAt, locale, member.timeZone)}</dd>
        {detail.paymentLinkReference ? (
          <>
            <dt>{t("deposits.forLink")}</dt>
            <dd>
              <a href={dashboardPath(scope.environment, `/links/${detail.paymentLinkReference}`)}>{detail.paymentLinkReference}</a>
            </dd>
          </>
        ) : null}
      </dl>
      <PaymentRefunds refundable={detail.refundable} refunds={detail.refunds} refund={can(member.role, "refunds:create") ? refundPaymentAction : undefined} timeZone={member.timeZone} />
      <h2>{t("link.timeline")}</h2>
      <ol className="dash-timeline dash-card">
        {detail.timeline.map((entry, i) => (
          <li key={i}>
            <time dateTime={entry.at}>{formatTime(entry.at, locale, member.timeZone)}</time>
            {timelineSentence(steps, labels, entry)} <span className="dash-hint">{entry.reference}</span>
          </li>
        ))}
      </ol>
      <h2>{t("link.webhooks")}</h2>
      {detail.webhooks.length === 0 ? <p>{t("link.noWebhooks")}</p> : null}
      <DeliveryLog deliveries={detail.webhooks} replay={can(member.role, "webhooks:manage") ? replayDeliveryAction : undefined} timeZone={member.timeZone} />
    </>
  );
}
