import type { Metadata } from "next";
import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { LocaleSwitch } from "@/components/locale-switch";
import { countryTimeZone, localToday } from "@/lib/core/domain/local-day";
import { pathPrefix } from "@/lib/core/domain/environment";
import { formatMinor } from "@/lib/core/domain/money";
import { formatPhone } from "@/lib/core/domain/phone-display";
import { SERVED_COUNTRIES } from "@/lib/core/domain/served-countries";
import { DIAL_CODES } from "@/lib/core/domain/dial-codes";
import { lookupPagePath, lookupTokenFromCookies, readLookupToken } from "@/lib/features/charge-lookup/lookup-token";
import { readFoundCharges, type ChargeView } from "@/lib/features/charge-lookup/read-charges";
import { preselectCountry } from "@/lib/features/checkout/preselect-country";
import { proxiedRequestEnvironment } from "@/lib/surfaces/http/request-environment";
import { SummaryLines } from "@/components/checkout/summary-lines";
import "../pay/[reference]/checkout.css";
import "./check.css";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const ERRORS = ["incomplete", "phone", "amount", "day", "operatorId", "generic"] as const;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// "Ai-je été débité ?" (issue 51): a customer whose money left their wallet without a confirmation
// finds their payment by phone, amount and day, or by the operator's transaction id. Drawn by the
// server, no JavaScript: the form posts to ./form, which answers with the payments found in a
// signed cookie (lib/features/charge-lookup/lookup-token.ts); this page reads them afresh.
export default async function ChargeLookupPage({ searchParams }: Props) {
  const query = await searchParams;
  const requestHeaders = await headers();
  const environment = proxiedRequestEnvironment(requestHeaders);
  const [t, locale] = await Promise.all([getTranslations("chargeLookup"), getLocale()]);
  const pagePath = lookupPagePath(environment);
  const result = one(query.answer) === "1" ? readLookupToken(lookupTokenFromCookies(requestHeaders.get("cookie")), environment) : null;
  const charges = result ? await readFoundCharges(environment, result.ids) : null;
  const error = ERRORS.find((e) => e === one(query.error));

  return (
    <main className="checkout">
      {environment === "sandbox" && (
        <p className="sandbox-banner" role="note">
          {t("sandboxBanner")}
        </p>
      )}
      <h1>{t("title")}</h1>
      {charges ? (
        <Answer charges={charges} locale={locale} formAction={`${pagePath}/form`} alert={{ outcome: one(query.alert), payment: Number(one(query.payment)) }} receiptBase={`${pathPrefix(environment)}/pay`} />
      ) : (
        <>
          <p>{t("intro")}</p>
          {error && (
            <p className="error" role="alert">
              {t(`errors.${error}`)}
            </p>
          )}
          <LookupForm action={`${pagePath}/form`} acceptLanguage={requestHeaders.get("accept-language")} locale={locale} />
        </>
      )}
      {charges && (
        <p>
          <a href={pagePath}>{t("newSearch")}</a>
        </p>
      )}
      <LocaleSwitch redirect={charges ? `${pagePath}?answer=1` : pagePath} />
    </main>
  );
}

async function LookupForm({ action, acceptLanguage, locale }: { action: string; acceptLanguage: string | null; locale: string }) {
  const t = await getTranslations("chargeLookup");
  const country = preselectCountry({ available: SERVED_COUNTRIES, acceptLanguage, merchantCountry: null, customerPhone: null });
  const regionNames = new Intl.DisplayNames([locale], { type: "region" });
  const countries = SERVED_COUNTRIES.map((code) => ({ code, name: regionNames.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, locale));
  const today = localToday(countryTimeZone(country));
  return (
    <form method="post" action={action} className="lookup-form">
      <input type="hidden" name="intent" value="lookup" />
      <fieldset>
        <legend>{t("byPhone")}</legend>
        <label htmlFor="lookup-country">{t("country")}</label>
        <select id="lookup-country" name="country" defaultValue={country}>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} (+{DIAL_CODES[c.code]})
            </option>
          ))}
        </select>
        <label htmlFor="lookup-phone">{t("phone")}</label>
        <input id="lookup-phone" name="phone" type="tel" inputMode="tel" autoComplete="tel" aria-describedby="lookup-phone-hint" />
        <p className="hint" id="lookup-phone-hint">
          {t("phoneHint")}
        </p>
        <label htmlFor="lookup-amount">{t("amount")}</label>
        <input id="lookup-amount" name="amount" type="text" inputMode="decimal" autoComplete="off" aria-describedby="lookup-amount-hint" />
        <p className="hint" id="lookup-amount-hint">
          {t("amountHint")}
        </p>
        <label htmlFor="lookup-day">{t("day")}</label>
        <input id="lookup-day" name="day" type="date" defaultValue={today} max={today} />
      </fieldset>
      <fieldset>
        <legend>{t("byId")}</legend>
        <label htmlFor="lookup-operator-id">{t("operatorId")}</label>
        <input id="lookup-operator-id" name="operatorId" type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} aria-describedby="lookup-operator-id-hint" />
        <p className="hint" id="lookup-operator-id-hint">
          {t("operatorIdHint")}
        </p>
      </fieldset>
      <button type="submit" className="button">
        {t("submit")}
      </button>
      <p className="hint">{t("privacy")}</p>
    </form>
  );
}

type AnswerProps = { charges: ChargeView[]; locale: string; formAction: string; alert: { outcome: string | undefined; payment: number }; receiptBase: string };

async function Answer({ charges, locale, formAction, alert, receiptBase }: AnswerProps) {
  const t = await getTranslations("chargeLookup");
  if (charges.length === 0) {
    return (
      <section className="final" aria-labelledby="lookup-answer" role="status">
        <h2 id="lookup-answer">{t("nothing.title")}</h2>
        <p>{t("nothing.body")}</p>
      </section>
    );
  }
  const when = (charge: ChargeView) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: charge.timeZone }).format(charge.at);
  const open = charges.some((c) => c.status === "pending" || c.stillFollowed);
  const notice = (index: number, merchant: string) =>
    alert.payment === index && (alert.outcome === "sent" || alert.outcome === "already") ? (
      <p className="lookup-notice" role="status">
        {t(`alert.${alert.outcome}`, { merchant })}
      </p>
    ) : null;
  const alertForm = (index: number, merchant: string) => (
    <form method="post" action={formAction} className="lookup-actions">
      <input type="hidden" name="intent" value="alert" />
      <input type="hidden" name="payment" value={index} />
      <button type="submit" className="button secondary">
        {t("alert.button")}
      </button>
      <p className="hint">{t("alert.hint", { merchant })}</p>
    </form>
  );
  const againForm = open ? (
    <form method="post" action={formAction} className="lookup-actions">
      <input type="hidden" name="intent" value="again" />
      <button type="submit" className="button">
        {t("checkAgain")}
      </button>
    </form>
  ) : null;

  if (charges.length > 1) {
    // Several payments match: each with only its merchant, time and status.
    return (
      <section aria-labelledby="lookup-answer">
        <h2 id="lookup-answer">{t("found.several", { count: charges.length })}</h2>
        <ul className="lookup-found">
          {charges.map((charge, index) => (
            <li key={charge.id} className={`final final-${charge.status}`}>
              <p className="lookup-status">{t(`status.${charge.status}`)}</p>
              <dl className="summary">
                <dt>{t("merchant")}</dt>
                <dd>{charge.merchantName}</dd>
                <dt>{t("when")}</dt>
                <dd>{when(charge)}</dd>
              </dl>
              {notice(index, charge.merchantName)}
              {alertForm(index, charge.merchantName)}
            </li>
          ))}
        </ul>
        {againForm}
      </section>
    );
  }

  const [charge] = charges;
  const merchant = charge.merchantName;
  const rows: [string, string][] = [
    [t("merchant"), merchant],
    [t("when"), when(charge)],
    [t("total"), formatMinor(charge.totalMinor, charge.currency, locale)],
    [t("method"), charge.provider],
    [t("number"), charge.maskedPhone],
    [t("reference"), charge.reference],
  ];
  // Ended here but still read at its operator (expired, or failed on "no record"): a late approval is still recorded.
  const next = [t(`next.${charge.status}`, { merchant }), ...(charge.stillFollowed && charge.status !== "pending" ? [t("next.stillFollowed", { merchant })] : [])];
  return (
    <>
      <section aria-labelledby="lookup-answer" className={`final final-${charge.status}`}>
        <p className="hint">{t("found.one")}</p>
        <h2 id="lookup-answer">{t(`status.${charge.status}`)}</h2>
        <SummaryLines rows={rows} />
        {next.map((text) => (
          <p key={text}>{text}</p>
        ))}
        {charge.receiptLink && (
          <p>
            <a href={`${receiptBase}/${charge.receiptLink}/receipt`}>{t("receipt")}</a>
          </p>
        )}
        {againForm}
      </section>
      <section className="merchant-support" aria-labelledby="lookup-contact">
        <h2 id="lookup-contact">{t("contact.title", { merchant })}</h2>
        {charge.support.phone || charge.support.email ? (
          <ul>
            {charge.support.phone && (
              <li>
                <a href={`tel:${charge.support.phone}`}>{formatPhone(charge.support.phone)}</a>
              </li>
            )}
            {charge.support.email && (
              <li>
                <a href={`mailto:${charge.support.email}`}>{charge.support.email}</a>
              </li>
            )}
          </ul>
        ) : (
          <p>{t("contact.none", { merchant })}</p>
        )}
        {notice(0, merchant)}
        {alertForm(0, merchant)}
      </section>
    </>
  );
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("chargeLookup");
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "same-origin" };
}
