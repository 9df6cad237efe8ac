import { formatPhone } from "@/lib/core/domain/phone-display";
import { getLocale, getTranslations } from "next-intl/server";
import { ActionForm, FieldError } from "@/components/dashboard/action-form";
import { CountrySelect, countryOptions } from "@/components/dashboard/country-select";
import { can } from "@/lib/features/auth/member-permissions";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { getBatchSelfApproval, getMerchantSettings } from "@/lib/surfaces/dashboard/settings-queries";
import { LOGO_MAX_BYTES } from "@/lib/features/merchants/update-merchant-settings";
import { LOCALES } from "@/lib/core/i18n/locales";
import { saveBatchApprovalAction, saveSettingsAction } from "./actions";
import { BatchApprovalSettings } from "@/components/dashboard/batch-approval-settings";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("settings");

const LANGUAGE_NAMES: Record<string, string> = { fr: "Français", en: "English" };

// The business as its customers see it on the checkout, and the receipts they are sent. Team members, invitations and security
// (two-factor, sessions) are the accounts' pages.
export default async function SettingsPage() {
  const { member, scope } = await requirePageMember("/dashboard/settings");
  const [t, ta, locale] = await Promise.all([getTranslations("dashboard"), getTranslations("activation"), getLocale()]);
  const [settings, selfApproval, tb] = await Promise.all([getMerchantSettings(scope), getBatchSelfApproval(scope), getTranslations("batches")]);
  const editable = can(member.role, "settings:manage");
  return (
    <>
      <h1>{t("settings.heading")}</h1>
      <section className="dash-card" aria-labelledby="business">
        <h2 id="business">{t("settings.business")}</h2>
        <p>{t("settings.businessIntro")}</p>
        {settings.logoDataUrl ? <img src={settings.logoDataUrl} alt={t("settings.currentLogo")} className="dash-logo" /> : null}
        {editable ? (
          <ActionForm action={saveSettingsAction} submitLabel={t("settings.save")}>
            <label>
              {t("settings.name")}
              <input name="name" defaultValue={settings.name} required maxLength={100} />
            </label>
            <FieldError name="name" />
            <label>
              {t("settings.logo", { kb: LOGO_MAX_BYTES / 1024 })}
              <input name="logo" type="file" accept="image/png,image/jpeg,image/webp" />
            </label>
            <FieldError name="logo" />
            {settings.logoDataUrl ? (
              <label className="dash-check">
                <input name="removeLogo" type="checkbox" /> {t("settings.removeLogo")}
              </label>
            ) : null}
            <label>
              {ta("country.label")}
              <CountrySelect name="country" locale={locale} defaultValue={settings.country} blankLabel={ta("country.none")} />
            </label>
            <label>
              {t("settings.supportPhone")}
              <input name="supportPhone" type="tel" defaultValue={settings.supportPhone ?? ""} />
            </label>
            <FieldError name="supportPhone" />
            <label>
              {t("settings.supportEmail")}
              <input name="supportEmail" type="email" defaultValue={settings.supportEmail ?? ""} />
            </label>
            <FieldError name="supportEmail" />
            <label>
              {t("settings.defaultLanguage")}
              <select name="defaultLanguage" defaultValue={settings.defaultLanguage ?? ""}>
                <option value="">{t("settings.browserLanguage")}</option>
                {LOCALES.map((l) => (
                  <option key={l} value={l} lang={l}>
                    {LANGUAGE_NAMES[l]}
                  </option>
                ))}
              </select>
            </label>
            <FieldError name="defaultLanguage" />
            <fieldset>
              <legend>{t("settings.receipts")}</legend>
              <p className="dash-hint" id="receipts-intro">{t("settings.receiptsIntro")}</p>
              <input type="hidden" name="receiptsShown" value="1" />
              <label className="dash-check">
                <input name="sendReceipts" type="checkbox" defaultChecked={settings.sendReceipts} aria-describedby="receipts-intro" /> {t("settings.sendReceipts")}
              </label>
            </fieldset>
          </ActionForm>
        ) : (
          <dl className="dash-fields">
            <dt>{t("settings.name")}</dt>
            <dd>{settings.name}</dd>
            <dt>{ta("country.label")}</dt>
            <dd>{countryOptions(locale).find((c) => c.code === settings.country)?.name ?? "—"}</dd>
            <dt>{t("settings.supportPhone")}</dt>
            <dd>{formatPhone(settings.supportPhone) ?? "—"}</dd>
            <dt>{t("settings.supportEmail")}</dt>
            <dd>{settings.supportEmail ?? "—"}</dd>
            <dt>{t("settings.receipts")}</dt>
            <dd>{t(settings.sendReceipts ? "settings.receiptsOn" : "settings.receiptsOff")}</dd>
          </dl>
        )}
      </section>
      <BatchApprovalSettings action={editable ? saveBatchApprovalAction : null} setting={selfApproval} tb={tb} locale={locale} />
      <ul className="dash-timeline dash-card">
        <li>
          <a href={dashboardPath(scope.environment, "/settings/team")}>{t("settings.team")}</a>
        </li>
        <li>
          <a href={dashboardPath(scope.environment, "/settings/notifications")}>{t("settings.notifications")}</a>
        </li>
        <li>
          {/* Under /test the security page keeps test mode for its way back. */}
          <a href={dashboardPath(scope.environment, "/settings/security")}>{t("settings.security")}</a>
        </li>
      </ul>
    </>
  );
}
