import { getTranslations } from "next-intl/server";
import { ActionForm, FieldError } from "@/components/dashboard/action-form";
import { CurrencyField } from "@/components/dashboard/currency-field";
import { linksPayableIn } from "@/lib/surfaces/dashboard/activation-queries";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { LINK_DEFAULT_LIFETIME_SECONDS } from "@/lib/core/schemas/payment-link";
import { createLinkAction } from "../actions";
import { pageTitle } from "@/components/page-title";
import { LiveCreationRefused } from "@/components/dashboard/live-creation-refused";

export const generateMetadata = pageTitle("newLink");

// Lifetimes offered to people who do not think in seconds; the sandbox adds 5 minutes to test expiry.
const LIFETIMES = [3600, 86_400, 604_800, 2_592_000];

export default async function NewPaymentLinkPage() {
  const { scope } = await requirePageMember("/dashboard/links/new");
  const [t, ta, payable] = await Promise.all([getTranslations("dashboard"), getTranslations("activation"), linksPayableIn(scope)]);
  if (!payable) {
    return <LiveCreationRefused heading={t("newLink.heading")} reason={ta("newLinkRefused")} activateLabel={ta("liveOffActivate")} testLabel={ta("newLinkInTest")} testHref="/test/dashboard/links/new" testId="live-link-refused" />;
  }
  const lifetimes = scope.environment === "sandbox" ? [300, ...LIFETIMES] : LIFETIMES;
  return (
    <>
      <h1>{t("newLink.heading")}</h1>
      <p>{t("newLink.intro")}</p>
      <div className="dash-card">
        <ActionForm action={createLinkAction} submitLabel={t("newLink.submit")} pendingLabel={t("newLink.submitting")}>
          <label>
            {t("newLink.amount")}
            <input name="amount" inputMode="decimal" required autoComplete="off" />
          </label>
          <FieldError name="amount" />
          <CurrencyField label={t("newLink.currency")} />
          <label>
            {t("newLink.description")}
            <input name="description" required maxLength={500} />
          </label>
          <FieldError name="description" />
          <label>
            {t("newLink.customerName")}
            <input name="customerName" autoComplete="off" />
          </label>
          <FieldError name="customerName" />
          <label>
            {t("newLink.customerEmail")}
            <input name="customerEmail" type="email" autoComplete="off" />
          </label>
          <FieldError name="customerEmail" />
          <label>
            {t("newLink.customerPhone")}
            <input name="customerPhone" type="tel" autoComplete="off" />
          </label>
          <FieldError name="customerPhone" />
          <label>
            {t("newLink.expiresIn")}
            <select name="expiresIn" defaultValue={String(LINK_DEFAULT_LIFETIME_SECONDS)}>
              {lifetimes.map((s) => (
                <option key={s} value={s}>
                  {t(`newLink.lifetimes.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <FieldError name="expiresIn" />
          <details>
            <summary>{t("newLink.developers")}</summary>
            <label>
              {t("newLink.callbackUrl")}
              <input name="callbackUrl" type="url" autoComplete="off" placeholder="https://" />
            </label>
            <FieldError name="callbackUrl" />
          </details>
        </ActionForm>
      </div>
    </>
  );
}
