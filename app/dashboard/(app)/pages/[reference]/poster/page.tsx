import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { PrintButton } from "@/components/print-button";
import { operatorBrand } from "@/lib/surfaces/dashboard/operator-brand";
import { gatewayLabel } from "@/lib/core/i18n/code-labels";
import { pageTitle } from "@/components/page-title";
import { formatMinor } from "@/lib/core/domain/money";
import { isNotFound } from "@/lib/core/errors/domain-error";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { pageOrigin } from "@/lib/surfaces/http/page-request";
import { getPagePoster } from "@/lib/surfaces/dashboard/pages-queries";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";

export const generateMetadata = pageTitle("pagePoster");

type Props = { params: Promise<{ reference: string }>; searchParams: Promise<{ size?: string | string[] }> };

// The sheet's own size for the browser's print (one page, no dashboard around it: dashboard.css's print rules).
// In millimetres: Chromium ignores the named sizes in @page and prints "A6" on the printer's
// default paper (Letter or A4); the dimensions it honours (issue 51).
const PAGE_SIZE = { a4: "210mm 297mm", a6: "105mm 148mm" } as const;

/**
 * The page's poster for the shop's wall or counter (issue 36 part 3): the business, what is paid,
 * the QR code, the operators the customer can pay with, and the short address for phones that
 * read no QR code. Printed from the browser on one A4 or A6 sheet.
 */
export default async function PaymentPagePoster({ params, searchParams }: Props) {
  const { scope } = await requirePageMember("/dashboard/pages/[reference]/poster");
  const [{ reference }, query] = await Promise.all([params, searchParams]);
  const size = (Array.isArray(query.size) ? query.size[0] : query.size) === "a6" ? "a6" : "a4";
  const [t, labels, lookup, locale, origin] = await Promise.all([getTranslations("dashboardPages"), getTranslations("labels"), getTranslations("chargeLookup"), getLocale(), pageOrigin()]);
  const poster = await getPagePoster(scope, reference, origin).catch((error) => {
    if (isNotFound(error)) notFound();
    throw error;
  });
  const { page, rule, merchant } = poster;
  const money = (minor: bigint) => formatMinor(minor, page.currency, locale);
  const countryName = (code: string) => new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  // A free amount: said so, with the range when the merchant set one (else any amount the link allows).
  const chooses =
    rule.type === "customer_chooses"
      ? page.minAmountMinor !== null || page.maxAmountMinor !== null
        ? t("poster.chooseRange", { min: money(rule.minMinor), max: money(rule.maxMinor) })
        : null
      : undefined;
  const base = dashboardPath(scope.environment, `/pages/${page.reference}`);
  const other = size === "a4" ? "a6" : "a4";
  return (
    <>
      <style>{`@page { size: ${PAGE_SIZE[size]}; margin: ${size === "a4" ? "12mm" : "5mm"}; }`}</style>
      <p className="dash-actions dash-no-print">
        <a href={base}>{t("poster.back")}</a>
        <a className="dash-button" href={`${base}/poster?size=${other}`}>
          {t(`poster.switchTo.${other}`)}
        </a>
        <PrintButton label={t("poster.print")} />
      </p>
      <p className="dash-hint dash-no-print">{t("poster.printHint")}</p>
      <article className={`dash-poster dash-poster-${size}`} data-size={size}>
        {merchant.logoDataUrl ? <img className="dash-poster-logo" src={merchant.logoDataUrl} alt="" /> : null}
        <h1 className="dash-poster-business">{merchant.name}</h1>
        <p className="dash-poster-what">{page.description}</p>
        {rule.type === "fixed" ? (
          <p className="dash-poster-price">{money(rule.amountMinor)}</p>
        ) : (
          <p className="dash-poster-price dash-poster-choose">
            {t("poster.choose")}
            {chooses ? <span>{chooses}</span> : null}
          </p>
        )}
        <img className="dash-poster-qr" src={poster.qrDataUrl} alt={t("detail.qrAlt")} />
        <p className="dash-poster-scan">{t("poster.scan")}</p>
        {/* Each country once, above its operators (not "MTN MoMo Côte d'Ivoire · Orange Money Côte d'Ivoire"). */}
        {poster.operators.length > 0 ? (
          <div className="dash-poster-operators">
            <p>{t("poster.operators")}</p>
            {poster.operators.map(({ country, gateways }) => (
              <p key={country}>
                <strong>{countryName(country)}</strong> : <span>{gateways.map((name) => operatorBrand(gatewayLabel(labels, name), countryName(country))).join(" · ")}</span>
              </p>
            ))}
          </div>
        ) : null}
        <p className="dash-poster-url">
          {t("poster.noReader")} <strong>{poster.url.replace(/^https?:\/\//, "")}</strong>
        </p>
        <p className="dash-poster-lookup">{lookup("posterLine", { url: poster.lookupUrl.replace(/^https?:\/\//, "") })}</p>
        {scope.environment === "sandbox" ? <p className="dash-poster-test">{t("poster.test")}</p> : null}
      </article>
    </>
  );
}
