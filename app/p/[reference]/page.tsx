import { formatPhone } from "@/lib/core/domain/phone-display";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { LocaleSwitch } from "@/components/locale-switch";
import { pathPrefix } from "@/lib/core/domain/environment";
import { currencyName, formatMinor } from "@/lib/core/domain/money";
import { readCustomerPage, readPageQuery } from "@/lib/surfaces/checkout/page-form";
import { retryAtWords } from "@/lib/features/payment-pages/retry-at";
import { pageEnvironment } from "@/lib/surfaces/http/page-request";
import "../../pay/[reference]/checkout.css";

type Params = { params: Promise<{ reference: string }> };
type PageProps = Params & { searchParams: Promise<Record<string, string | string[] | undefined>> };

// A payment page as the customer sees it (issue 36 part 2): the business, the description, the
// set price or an amount field, and "Pay", a plain form (no JavaScript at all) that posts to
// ./pay, which makes this customer's link and answers with its checkout (app/p/[reference]/pay).
// The checkout's styles, language and security headers (proxy.ts) are the page's too.
export default async function PaymentPagePage({ params, searchParams }: PageProps) {
  const { reference } = await params;
  const environment = await pageEnvironment();
  const page = await readCustomerPage(reference, environment);
  if (!page) notFound();

  const [locale, t, tc] = await Promise.all([getLocale(), getTranslations("paymentPage"), getTranslations("checkout")]);
  const money = (minor: bigint) => formatMinor(minor, page.currency, locale);
  const merchant = page.merchant.name;
  const pagePath = `${pathPrefix(environment)}/p/${reference}`;
  const rule = page.amountRule;
  const now = new Date();
  const query = readPageQuery(await searchParams, now);
  const range = rule.type === "customer_chooses" ? { min: money(rule.minMinor), max: money(rule.maxMinor) } : null;
  // When to come back, as a clock time and a wait (read now, so a reload stays right).
  const retryAfter = (until: Date | null) => (until ? ` ${t("retryAfter", retryAtWords(until, now, locale))}` : "");

  // A page that takes no payment now (closed, or every place taken): the shop's phone, so the
  // customer standing at the counter can ask how else to pay.
  const phone = page.merchant.supportPhone;
  const callMerchant = phone ? (
    <p className="merchant-call">
      {t("callMerchant", { merchant })} <a href={`tel:${phone}`}>{formatPhone(phone)}</a>
    </p>
  ) : null;

  let body;
  if (page.status !== "active") {
    body = (
      <section className="final final-failed" role="alert" aria-labelledby="closed-title">
        <h2 id="closed-title">{t("closed.title")}</h2>
        <p>{t(`closed.${page.status}`, { merchant })}</p>
        {callMerchant}
      </section>
    );
  } else if (page.fullUntil) {
    // Every place is paid or held by a customer paying now: when one can free, and no form until then.
    body = (
      <section className="final" role="alert" aria-labelledby="full-title">
        <h2 id="full-title">{t("full.title")}</h2>
        <p>
          {t("full.body")}
          {retryAfter(page.fullUntil)}
        </p>
        {callMerchant}
      </section>
    );
  } else if (query.error === "tooMany" || query.error === "busy" || query.error === "generic") {
    // Nothing the customer typed was wrong: said plainly, when to come back if known, with the form to try again.
    body = (
      <>
        <p role="alert" className="error">
          {t(`errors.${query.error}`)}
          {query.error === "generic" ? "" : retryAfter(query.until)}
        </p>
        {form(null)}
      </>
    );
  } else {
    body = form(query.error);
  }

  function form(error: typeof query.error) {
    const fieldError = error && error !== "tooMany" && error !== "busy" && error !== "generic" ? t(`errors.${error}`, { currency: currencyName(page!.currency), min: range?.min ?? "", max: range?.max ?? "" }) : "";
    return (
      <form method="post" action={`${pagePath}/pay`} noValidate>
        {range ? (
          <>
            <label htmlFor="amount">{t("amountLabel", { currency: currencyName(page!.currency) })}</label>
            <input
              id="amount"
              name="amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={query.amount}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby="amount-range amount-error"
              required
              autoFocus={Boolean(fieldError)}
            />
            <p id="amount-range" className="hint">
              {t("range", range)} {t("amountHint")}
            </p>
            <p id="amount-error" className="field-error" role={fieldError ? "alert" : undefined}>
              {fieldError}
            </p>
          </>
        ) : null}
        <button type="submit" className="button">
          {t("pay")}
        </button>
        <p className="hint">{t("payHint")}</p>
      </form>
    );
  }

  return (
    <main className="checkout">
      {environment === "sandbox" && (
        <p className="sandbox-banner" role="note">
          {tc("sandboxBanner")}
        </p>
      )}
      <header className="order">
        {page.merchant.logoDataUrl ? <img src={page.merchant.logoDataUrl} alt="" className="merchant-logo" /> : null}
        <h1>{t("title", { merchant })}</h1>
        <p className="description">{page.description}</p>
        {rule.type === "fixed" ? (
          <p className="amount">
            <span className="visually-hidden">{t("price")}: </span>
            {money(rule.amountMinor)}
          </p>
        ) : null}
      </header>
      {body}
      <LocaleSwitch redirect={pagePath} />
    </main>
  );
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { reference } = await params;
  const t = await getTranslations("paymentPage");
  const page = await readCustomerPage(reference, await pageEnvironment());
  return {
    title: page ? t("title", { merchant: page.merchant.name }) : t("notFound.title"),
    robots: { index: false, follow: false },
    // As the checkout's: same-origin keeps our origin on the form's post (isSameOriginPost).
    referrer: "same-origin",
  };
}
