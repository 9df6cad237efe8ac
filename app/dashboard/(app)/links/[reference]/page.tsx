import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { DeliveryLog } from "@/components/dashboard/delivery-log";
import { LinkDetails } from "@/components/dashboard/link-details";
import { LinkAttempts, LinkTimeline } from "@/components/dashboard/link-history";
import { LinkQrCard } from "@/components/dashboard/link-qr-card";
import { LinkSendSection } from "@/components/dashboard/link-send-section";
import { PaymentRefunds } from "@/components/dashboard/payment-refunds";
import { can } from "@/lib/features/auth/member-permissions";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { getMerchantLink, getMerchantLinkSending } from "@/lib/surfaces/dashboard/links-queries";
import { pageOrigin } from "@/lib/surfaces/http/page-request";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { formatMajor } from "@/lib/core/domain/money";
import { isNotFound } from "@/lib/core/errors/domain-error";
import { refundPaymentAction } from "../../refund-payment-action";
import { replayDeliveryAction } from "../actions";
import { duplicateLinkAction } from "../duplicate-action";
import { sendLinkAction } from "../send-link-action";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("link");

type Props = { params: Promise<{ reference: string }>; searchParams: Promise<{ created?: string; duplicatedFrom?: string }> };

export default async function PaymentLinkPage({ params, searchParams }: Props) {
  const { member, scope } = await requirePageMember("/dashboard/links/[reference]");
  const [{ reference }, { created, duplicatedFrom }] = await Promise.all([params, searchParams]);
  const [t, td, labels, reasons, steps, locale, origin] = await Promise.all([
    getTranslations("dashboard"),
    getTranslations("linkDuplicate"),
    getTranslations("labels"),
    // The customer's words for why an attempt failed, read by the merchant too.
    getTranslations("checkout.final.reasons"),
    getTranslations("dashboard.timelineSteps"),
    getLocale(),
    pageOrigin(),
  ]);
  const reasonText = (reason: string | null) => (reason ? reasons.has(reason) ? reasons(reason) : reasons("other") : null);
  const detail = await getMerchantLink(scope, reference, origin).catch((error) => {
    // Another merchant's or environment's link: the same 404 as a reference that never existed.
    if (isNotFound(error)) notFound();
    throw error;
  });
  const { link } = detail;
  const [sending, ts] = await Promise.all([getMerchantLinkSending(scope, link.reference), getTranslations("linkSending")]);
  const amount = formatMajor(link.amount, link.currency, locale);
  const mayCreate = can(member.role, "links:create");
  return (
    <>
      <p className="dash-no-print">
        <a href={dashboardPath(scope.environment, "/links")}>{t("link.back")}</a>
      </p>
      {/* The shopkeeper knows the link by what it sells ("Sac de riz"); the reference is for support. */}
      <h1>{link.description}</h1>
      <p className="dash-hint">{t("link.referenceLine", { reference: link.reference })}</p>
      {created ? (
        <p role="status" className="dash-ok">
          {t("link.created")}
        </p>
      ) : null}
      {duplicatedFrom ? (
        <p role="status" className="dash-ok">
          {td("done", { source: duplicatedFrom })}
        </p>
      ) : null}
      <LinkQrCard link={link} amount={amount} qrBase={dashboardPath(scope.environment, `/links/${link.reference}`)} duplicate={mayCreate ? duplicateLinkAction : null} t={t} td={td} />
      <LinkSendSection reference={link.reference} sending={sending} environment={scope.environment} send={mayCreate ? sendLinkAction : null} ts={ts} timeZone={member.timeZone} />
      <LinkDetails link={link} amount={amount} t={t} td={td} labels={labels} locale={locale} timeZone={member.timeZone} reasonText={reasonText} />
      <div className="dash-no-print">
        <PaymentRefunds refundable={detail.refundable} refunds={detail.refunds} refund={can(member.role, "refunds:create") ? refundPaymentAction : undefined} timeZone={member.timeZone} />
        <LinkTimeline timeline={detail.timeline} t={t} labels={labels} steps={steps} locale={locale} timeZone={member.timeZone} />
        <LinkAttempts attempts={detail.attempts} t={t} labels={labels} locale={locale} timeZone={member.timeZone} reasonText={reasonText} />
        <h2>{t("link.webhooks")}</h2>
        {detail.webhooks.length === 0 ? <p>{t("link.noWebhooks")}</p> : null}
        <DeliveryLog deliveries={detail.webhooks} replay={can(member.role, "webhooks:manage") ? replayDeliveryAction : undefined} timeZone={member.timeZone} />
      </div>
    </>
  );
}
