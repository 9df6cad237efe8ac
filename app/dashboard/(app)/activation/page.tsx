import { formatPhone } from "@/lib/core/domain/phone-display";
import { getLocale, getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/dashboard/action-form";
import { CountrySelect, countryOptions } from "@/components/dashboard/country-select";
import { formatTime } from "@/components/dashboard/format";
import { BUSINESS_KINDS } from "@/lib/features/activation/activation-form";
import { can } from "@/lib/features/auth/member-permissions";
import { getActivationPage } from "@/lib/surfaces/dashboard/activation-queries";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { requestActivationAction } from "./actions";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("activation");

// "Activate live payments": where the merchant's live payments stand and, for an owner or an
// admin, the form that asks support to turn them on (lib/features/activation).
export default async function ActivationPage() {
  const { member } = await requirePageMember("/dashboard/activation");
  const [t, locale, { state, merchant, routes }] = await Promise.all([getTranslations("activation"), getLocale(), getActivationPage(member.merchantId)]);
  const countryName = (code: string) => countryOptions(locale).find((c) => c.code === code)?.name ?? code;
  // A refused request's answers come back in the form, to correct rather than retype.
  const previous = state.status === "refused" ? state.request : null;
  const mayAsk = can(member.role, "activation:request");
  return (
    <>
      <h1>{t("heading")}</h1>
      <section className="dash-card" aria-labelledby="activation-state">
        <h2 id="activation-state">{t("state.heading")}</h2>
        {state.status === "active" ? <p role="status">{t("state.active", { since: formatTime(state.since, locale, member.timeZone) })}</p> : null}
        {state.status === "not_requested" ? <p>{t("state.notRequested")}</p> : null}
        {state.status === "in_review" ? (
          <>
            <p role="status">{t("state.inReview", { at: formatTime(state.request.createdAt, locale, member.timeZone) })}</p>
            <dl className="dash-fields">
              <dt>{t("fields.businessName")}</dt>
              <dd>{state.request.businessName}</dd>
              <dt>{t("fields.businessKind")}</dt>
              <dd>{t(`kinds.${state.request.businessKind as (typeof BUSINESS_KINDS)[number]}`)}</dd>
              <dt>{t("fields.country")}</dt>
              <dd>{countryName(state.request.country)}</dd>
              <dt>{t("fields.payoutPhone")}</dt>
              <dd>{formatPhone(state.request.payoutPhone)}</dd>
              <dt>{t("fields.contactName")}</dt>
              <dd>{state.request.contactName}</dd>
              <dt>{t("fields.contactEmail")}</dt>
              <dd>{state.request.contactEmail}</dd>
            </dl>
          </>
        ) : null}
        {state.status === "refused" ? (
          <>
            <p role="alert" className="dash-error">
              {t("state.refused")}
            </p>
            <p>
              {t("state.reason")} <q>{state.reason}</q>
            </p>
            <p>{t("state.resubmit")}</p>
          </>
        ) : null}
      </section>
      {state.status === "not_requested" || state.status === "refused" ? (
        mayAsk ? (
          <section className="dash-card" aria-labelledby="activation-form">
            <h2 id="activation-form">{t("form.heading")}</h2>
            <p>{t("form.intro")}</p>
            <ActionForm action={requestActivationAction} submitLabel={t("form.submit")}>
              <label>
                {t("fields.businessName")}
                <input name="businessName" required maxLength={100} defaultValue={previous?.businessName ?? merchant.name} autoComplete="organization" />
              </label>
              <label>
                {t("fields.businessKind")}
                <select name="businessKind" required defaultValue={previous?.businessKind ?? "individual"}>
                  {BUSINESS_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`kinds.${kind}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t("fields.country")}
                <CountrySelect name="country" locale={locale} defaultValue={previous?.country ?? merchant.country ?? "CI"} required />
              </label>
              <label>
                {t("fields.payoutPhone")}
                <input name="payoutPhone" type="tel" required defaultValue={previous?.payoutPhone} autoComplete="tel" aria-describedby="payout-hint" />
              </label>
              <p id="payout-hint" className="dash-hint">
                {t("form.phoneHint")}
              </p>
              <label>
                {t("fields.contactName")}
                <input name="contactName" required maxLength={100} defaultValue={previous?.contactName ?? member.name} autoComplete="name" />
              </label>
              <label>
                {t("fields.contactPhone")}
                <input name="contactPhone" type="tel" required defaultValue={previous?.contactPhone} autoComplete="tel" />
              </label>
              <label>
                {t("fields.contactEmail")}
                <input name="contactEmail" type="email" required defaultValue={previous?.contactEmail ?? member.email} autoComplete="email" />
              </label>
              <label>
                {t("fields.documents")}
                <textarea name="documents" maxLength={1000} rows={3} defaultValue={previous?.documents ?? ""} aria-describedby="documents-hint" />
              </label>
              <p id="documents-hint" className="dash-hint">
                {t("form.documentsHint")}
              </p>
            </ActionForm>
          </section>
        ) : (
          <p>{t("form.askOwner")}</p>
        )
      ) : null}
      <section className="dash-card" aria-labelledby="activation-methods">
        <h2 id="activation-methods">{t("methods.heading")}</h2>
        <p>{t("methods.intro")}</p>
        <table>
          <thead>
            <tr>
              <th scope="col">{t("methods.method")}</th>
              <th scope="col">{t("methods.live")}</th>
            </tr>
          </thead>
          <tbody>
            {routes.map((route) => (
              <tr key={route.name}>
                <td>
                  {route.provider} <code>{route.name}</code>
                </td>
                <td>{route.route === "none" ? t("methods.none") : t(route.route === "direct" ? "methods.direct" : "methods.aggregator", { operator: route.operator ?? "" })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
