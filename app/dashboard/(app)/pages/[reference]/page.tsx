import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ActionForm, FieldError } from "@/components/dashboard/action-form";
import { formatTime } from "@/components/dashboard/format";
import { amountRuleText, PageStatusBadge } from "@/components/dashboard/payment-page-words";
import { ShareActions } from "@/components/dashboard/share-actions";
import { pageTitle } from "@/components/page-title";
import { formatMajor, formatMinor } from "@/lib/core/domain/money";
import { isNotFound } from "@/lib/core/errors/domain-error";
import { can } from "@/lib/features/auth/member-permissions";
import { cardColumns } from "@/lib/surfaces/dashboard/card-columns";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { pageOrigin } from "@/lib/surfaces/http/page-request";
import { pageUrl } from "@/lib/features/payment-pages/page-url";
import { getMerchantPage } from "@/lib/surfaces/dashboard/pages-queries";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { setPageSlugAction, switchPageAction } from "../actions";

export const generateMetadata = pageTitle("page");

type Props = { params: Promise<{ reference: string }>; searchParams: Promise<{ created?: string }> };

export default async function PaymentPageDetail({ params, searchParams }: Props) {
  const { member, scope } = await requirePageMember("/dashboard/pages/[reference]");
  const [{ reference }, { created }] = await Promise.all([params, searchParams]);
  const [t, tl, td, locale, origin] = await Promise.all([getTranslations("dashboardPages"), getTranslations("dashboard.link"), getTranslations("dashboard"), getLocale(), pageOrigin()]);
  const detail = await getMerchantPage(scope, reference, origin).catch((error) => {
    // Another merchant's or environment's page: the same 404 as a reference that never existed.
    if (isNotFound(error)) notFound();
    throw error;
  });
  const { page, status, rule, url } = detail;
  const price = amountRuleText(t, page, rule, locale);
  const base = dashboardPath(scope.environment, `/pages/${page.reference}`);
  // The switch shows what it would do next: off while on; on again unless nothing could be paid anyway.
  const switchTo = page.status === "active" ? "inactive" : status === "inactive" ? "active" : null;
  return (
    <>
      <p className="dash-no-print">
        <a href={dashboardPath(scope.environment, "/pages")}>{t("detail.back")}</a>
      </p>
      {/* The shopkeeper knows the page by what it sells; the reference is for support. */}
      <h1>{page.description}</h1>
      <p className="dash-hint">{tl("referenceLine", { reference: page.reference })}</p>
      {created ? (
        <p role="status" className="dash-ok">
          {t("detail.created")}
        </p>
      ) : null}
      <dl className="dash-fields dash-card">
        <dt>{t("list.status")}</dt>
        <dd>
          <PageStatusBadge t={t} status={status} />
          <p className="dash-hint">{t(`statusHint.${status}`)}</p>
        </dd>
        <dt>{t("list.price")}</dt>
        <dd>{price}</dd>
        <dt>{t("list.payments")}</dt>
        <dd>{page.maxPayments !== null ? t("detail.paymentsOf", { count: String(detail.paymentsCount), max: String(page.maxPayments) }) : detail.paymentsCount}</dd>
        <dt>{t("list.collected")}</dt>
        <dd>{formatMinor(detail.amountCollectedMinor, page.currency, locale)}</dd>
        <dt>{td("list.created")}</dt>
        <dd>{formatTime(page.createdAt, locale, member.timeZone)}</dd>
        <dt>{tl("expires")}</dt>
        <dd>{page.expiresAt ? formatTime(page.expiresAt, locale, member.timeZone) : t("detail.neverExpires")}</dd>
      </dl>
      {switchTo && can(member.role, "links:create") ? (
        <ActionForm action={switchPageAction} submitLabel={t(switchTo === "active" ? "detail.turnOn" : "detail.turnOff")} className="dash-form dash-inline dash-no-print">
          <input type="hidden" name="reference" value={page.reference} />
          <input type="hidden" name="to" value={switchTo} />
        </ActionForm>
      ) : null}
      <section className="dash-card dash-qr" aria-label={tl("qr")}>
        <img src={detail.qrDataUrl} alt={t("detail.qrAlt")} width={256} height={256} />
        <div>
          <p>
            <strong>{price}</strong> · {page.description}
          </p>
          <p>{t("detail.url")}</p>
          <code className="dash-url" data-testid="page-url">
            {url}
          </code>
          {page.slug ? (
            <p className="dash-hint">
              {t("detail.reference")} <code className="dash-url">{pageUrl(page.reference, page.environment, origin)}</code>
            </p>
          ) : null}
          <ShareActions
            url={url}
            subject={page.description}
            text={t("detail.shareText", { description: page.description })}
            labels={{ copy: tl("copy"), copied: tl("copied"), whatsapp: tl("whatsapp"), sms: tl("sms"), email: tl("email"), shareSheet: tl("shareSheet") }}
          />
          <p className="dash-actions dash-no-print">
            <a className="dash-button" href={`${base}/poster?size=a4`}>
              {t("detail.posterA4")}
            </a>
            <a className="dash-button" href={`${base}/poster?size=a6`}>
              {t("detail.posterA6")}
            </a>
          </p>
        </div>
      </section>
      {can(member.role, "links:create") ? (
        <ActionForm action={setPageSlugAction} submitLabel={t("detail.slugSave")} className="dash-form dash-card dash-no-print">
          <input type="hidden" name="reference" value={page.reference} />
          <label>
            {t("detail.slug")}
            <input name="slug" defaultValue={page.slug ?? ""} maxLength={40} autoCapitalize="none" autoCorrect="off" spellCheck={false} autoComplete="off" aria-describedby="slug-hint" />
          </label>
          <p className="dash-hint" id="slug-hint">
            {t("detail.slugHint")}
          </p>
          <FieldError name="slug" />
        </ActionForm>
      ) : null}
      <h2>{t("detail.payments")}</h2>
      {detail.payments.length === 0 ? (
        <p>{t("detail.noPayments")}</p>
      ) : (
        <div className="dash-table-wrap" tabIndex={0}>
          <table className="dash-table dash-cards" style={cardColumns([td("list.reference"), td("list.amount"), td("list.status"), td("list.created")])}>
            <caption>{t("detail.paymentsCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{td("list.reference")}</th>
                <th scope="col" className="num">{td("list.amount")}</th>
                <th scope="col">{td("list.status")}</th>
                <th scope="col">{td("list.created")}</th>
              </tr>
            </thead>
            <tbody>
              {detail.payments.map((link) => (
                <tr key={link.reference}>
                  <td>
                    <a href={dashboardPath(scope.environment, `/links/${link.reference}`)}>{link.reference}</a>
                  </td>
                  <td className="num">{formatMajor(link.amount, link.currency, locale)}</td>
                  <td>
                    <span className={`badge badge-${link.status}`}>{td(`status.${link.status}`)}</span>
                  </td>
                  <td>{formatTime(link.createdAt, locale, member.timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {detail.morePayments ? <p className="dash-hint">{t("detail.morePayments")}</p> : null}
    </>
  );
}
