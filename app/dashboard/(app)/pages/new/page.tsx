import { getTranslations } from "next-intl/server";
import { ActionForm, FieldError } from "@/components/dashboard/action-form";
import { CurrencyField } from "@/components/dashboard/currency-field";
import { LiveCreationRefused } from "@/components/dashboard/live-creation-refused";
import { pageTitle } from "@/components/page-title";
import { pageUrl } from "@/lib/features/payment-pages/page-url";
import { linksPayableIn } from "@/lib/surfaces/dashboard/activation-queries";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { pageOrigin } from "@/lib/surfaces/http/page-request";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { createPageAction } from "../actions";

export const generateMetadata = pageTitle("newPage");

// Lifetimes a page may be given; none by default (a shop's QR code stays on its wall). The
// sandbox adds 5 minutes, to see a page expire.
const LIFETIMES = [86_400, 604_800, 2_592_000, 31_536_000];

export default async function NewPaymentPagePage() {
  const { scope } = await requirePageMember("/dashboard/pages/new");
  const [t, ta, payable, origin] = await Promise.all([getTranslations("dashboardPages"), getTranslations("activation"), linksPayableIn(scope), pageOrigin()]);
  if (!payable) {
    return <LiveCreationRefused heading={t("new.heading")} reason={t("new.liveRefused")} activateLabel={ta("liveOffActivate")} testLabel={t("new.inTest")} testHref="/test/dashboard/pages/new" testId="live-page-refused" />;
  }
  const lifetimes = scope.environment === "sandbox" ? [300, ...LIFETIMES] : LIFETIMES;
  return (
    <>
      <p>
        <a href={dashboardPath(scope.environment, "/pages")}>{t("detail.back")}</a>
      </p>
      <h1>{t("new.heading")}</h1>
      <p>{t("new.intro")}</p>
      <div className="dash-card">
        <ActionForm action={createPageAction} submitLabel={t("new.submit")} pendingLabel={t("new.submitting")} className="dash-form dash-page-form">
          <label>
            {t("new.description")}
            <input name="description" required maxLength={500} />
          </label>
          <FieldError name="description" />
          <label>
            {t("new.slug")}
            <input name="slug" maxLength={40} autoCapitalize="none" autoCorrect="off" spellCheck={false} autoComplete="off" aria-describedby="slug-hint" />
          </label>
          <p className="dash-hint" id="slug-hint">
            {t("new.slugHint", { example: pageUrl("boutique-awa", scope.environment, origin).replace(/^https?:\/\//, "") })}
          </p>
          <FieldError name="slug" />
          <CurrencyField label={t("new.currency")} />
          <fieldset>
            <legend>{t("new.amountType")}</legend>
            <label>
              <input type="radio" name="amountType" value="fixed" defaultChecked /> {t("new.fixed")}
            </label>
            <label>
              <input type="radio" name="amountType" value="customer_chooses" /> {t("new.customerChooses")}
            </label>
          </fieldset>
          <div className="dash-page-fixed">
            <label>
              {t("new.amount")}
              <input name="amount" inputMode="decimal" autoComplete="off" />
            </label>
            <FieldError name="amount" />
          </div>
          <div className="dash-page-range">
            <label>
              {t("new.minAmount")}
              <input name="minAmount" inputMode="decimal" autoComplete="off" />
            </label>
            <FieldError name="minAmount" />
            <label>
              {t("new.maxAmount")}
              <input name="maxAmount" inputMode="decimal" autoComplete="off" />
            </label>
            <FieldError name="maxAmount" />
          </div>
          <label>
            {t("new.maxPayments")}
            <input name="maxPayments" inputMode="numeric" autoComplete="off" />
          </label>
          <p className="dash-hint">{t("new.maxPaymentsHint")}</p>
          <FieldError name="maxPayments" />
          <label>
            {t("new.expiresIn")}
            <select name="expiresIn" defaultValue="">
              <option value="">{t("new.never")}</option>
              {lifetimes.map((s) => (
                <option key={s} value={s}>
                  {t(`new.lifetimes.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <FieldError name="expiresIn" />
        </ActionForm>
      </div>
    </>
  );
}
