import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/dashboard/action-form";
import { DeliveryLog } from "@/components/dashboard/delivery-log";
import { LinkSends } from "@/components/dashboard/link-sends";
import { SendLinkForm } from "@/components/dashboard/send-link-form";
import { PaymentRefunds } from "@/components/dashboard/payment-refunds";
import { formatTime } from "@/components/dashboard/format";
import { timelineSentence } from "@/components/dashboard/timeline-sentence";
import { gatewayLabel } from "@/components/labels";
import { ShareActions } from "@/components/dashboard/share-actions";
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
  const qrBase = dashboardPath(scope.environment, `/links/${link.reference}`);
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
      <section className="dash-card dash-qr" aria-label={t("link.qr")}>
        {/* Drawn on the server from the link's own URL (same route as the download). */}
        <img src={`${qrBase}/qr.svg`} alt={t("link.qrAlt")} width={256} height={256} />
        <div>
          <p>
            <strong>{amount}</strong> · {link.description}
          </p>
          <p>{t("link.paymentUrl")}</p>
          <code className="dash-url">{link.paymentUrl}</code>
          {/* Shared while it can be paid: pending, or failed (its last attempt failed; payable until it expires). */}
          {link.status === "pending" || link.status === "failed" ? (
            <ShareActions
              url={link.paymentUrl}
              subject={link.description}
              text={t("link.shareText", { amount, description: link.description })}
              labels={{ copy: t("link.copy"), copied: t("link.copied"), whatsapp: t("link.whatsapp"), sms: t("link.sms"), email: t("link.email"), shareSheet: t("link.shareSheet") }}
            />
          ) : null}
          <p className="dash-actions dash-no-print">
            <a className="dash-button" href={`${qrBase}/qr.png`} download={`${link.reference}.png`}>
              {t("link.downloadPng")}
            </a>
            <a className="dash-button" href={`${qrBase}/qr.svg`} download={`${link.reference}.svg`}>
              {t("link.downloadSvg")}
            </a>
          </p>
          {can(member.role, "links:create") ? (
            <div className="dash-no-print">
              {/* A new link for the next customer: same amount, description and settings. */}
              <p>{td("hint")}</p>
              <ActionForm action={duplicateLinkAction} submitLabel={td("submit")} pendingLabel={td("submitting")} className="dash-form dash-inline">
                <input type="hidden" name="reference" value={link.reference} />
              </ActionForm>
            </div>
          ) : null}
        </div>
      </section>
      <section className="dash-no-print" aria-labelledby="send-heading">
        <h2 id="send-heading">{ts("form.heading")}</h2>
        {!sending.sendable ? (
          <p>{ts("form.notSendable")}</p>
        ) : can(member.role, "links:create") ? (
          <div className="dash-card">
            <SendLinkForm
              action={sendLinkAction}
              reference={link.reference}
              smsAvailable={sending.smsAvailable}
              labels={{
                channel: ts("form.channel"),
                sms: ts("form.sms"),
                email: ts("form.email"),
                to: ts("form.to"),
                hintSms: sending.country ? ts("form.hintSms", { country: sending.country }) : ts("form.hintSmsNoCountry"),
                hintEmail: ts(scope.environment === "sandbox" ? "form.hintEmailTest" : "form.hintEmail"),
                submit: ts("form.submit"),
                sending: ts("form.sending"),
                smsUnavailable: ts(scope.environment === "sandbox" ? "form.smsUnavailableTest" : "form.smsUnavailable"),
              }}
            />
          </div>
        ) : null}
        <h3>{ts("history.heading")}</h3>
        <LinkSends sends={sending.sends} />
      </section>
      <h2>{t("link.details")}</h2>
      <dl className="dash-fields dash-card">
        <dt>{t("list.status")}</dt>
        <dd>
          <span className={`badge badge-${link.status}`}>{t(`status.${link.status}`)}</span>
          {link.paidAfterExpiry ? ` ${t("link.paidAfterExpiry")}` : null}
          {/* Failed is not final (docs/decisions.md): the customer may still pay until expiresAt. */}
          {link.status === "failed" ? <p className="dash-hint">{td("failedStillOpen", { reason: reasonText(link.failureReason) ?? "", expires: formatTime(link.expiresAt, locale) })}</p> : null}
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
        <dd>{[link.customerName, link.customerEmail, link.customerPhone].filter(Boolean).join(" · ") || "—"}</dd>
        <dt>{t("list.created")}</dt>
        <dd>{formatTime(link.createdAt, locale)}</dd>
        <dt>{t("link.expires")}</dt>
        <dd>{formatTime(link.expiresAt, locale)}</dd>
        {link.completedAt ? (
          <>
            <dt>{t("link.completedAt")}</dt>
            <dd>{formatTime(link.completedAt, locale)}</dd>
          </>
        ) : null}
      </dl>
      <div className="dash-no-print">
        <PaymentRefunds refundable={detail.refundable} refunds={detail.refunds} refund={can(member.role, "refunds:create") ? refundPaymentAction : undefined} />
        <h2>{t("link.timeline")}</h2>
        <ol className="dash-timeline dash-card">
          {detail.timeline.map((entry, i) => (
            <li key={i}>
              <time dateTime={entry.at}>{formatTime(entry.at, locale)}</time>
              {timelineSentence(steps, labels, entry)} <span className="dash-hint">{entry.reference}</span>
            </li>
          ))}
        </ol>
        <h2>{t("link.attempts")}</h2>
        {detail.attempts.length === 0 ? (
          <p>{t("link.noAttempts")}</p>
        ) : (
          <div className="dash-table-wrap" tabIndex={0}>
            <table className="dash-table dash-cards" style={cardColumns([t("list.reference"), t("link.gateway"), t("list.status"), t("list.customer"), t("list.created")])}>
              <thead>
                <tr>
                  <th scope="col">{t("list.reference")}</th>
                  <th scope="col">{t("link.gateway")}</th>
                  <th scope="col">{t("list.status")}</th>
                  <th scope="col">{t("list.customer")}</th>
                  <th scope="col">{t("list.created")}</th>
                </tr>
              </thead>
              <tbody>
                {detail.attempts.map((a) => (
                  <tr key={a.reference}>
                    <td>{a.reference}</td>
                    <td>{gatewayLabel(labels, a.gatewayName)}</td>
                    <td>
                      <span className={`badge badge-${a.status}`}>{t(`status.${a.status}`)}</span>
                      {a.status === "failed" && a.failureReason ? <span className="dash-hint"> {reasonText(a.failureReason)}</span> : null}
                    </td>
                    <td>{a.customerPhone}</td>
                    <td>{formatTime(a.createdAt, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h2>{t("link.webhooks")}</h2>
        {detail.webhooks.length === 0 ? <p>{t("link.noWebhooks")}</p> : null}
        <DeliveryLog deliveries={detail.webhooks} replay={can(member.role, "webhooks:manage") ? replayDeliveryAction : undefined} />
      </div>
    </>
  );
}
