import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { CheckoutFlow } from "@/components/checkout/checkout-flow";
import type { CheckoutCountryView } from "@/components/checkout/checkout-types";
import { FinalScreen } from "@/components/checkout/final-screen";
import { ShareLink } from "@/components/checkout/share-link";
import { WaitingPoller } from "@/components/checkout/waiting-poller";
import { LocaleSwitch } from "@/components/locale-switch";
import { findCheckoutPageLink, listCheckoutPageGateways, readCheckoutPageState } from "@/lib/features/checkout/checkout-page-queries";
import { readCheckoutToken } from "@/lib/surfaces/checkout/checkout-cookie";
import { readCheckoutPageQuery } from "@/lib/surfaces/checkout/checkout-steps";
import { waitingRefresh } from "@/lib/surfaces/checkout/waiting-refresh";
import { typedPhoneToShow } from "@/lib/surfaces/checkout/typed-phone";
import { preselectCountry } from "@/lib/features/checkout/preselect-country";
import { qrSvg } from "@/lib/features/checkout/qr-svg";
import { DIAL_CODES } from "@/lib/core/domain/dial-codes";
import { pathPrefix } from "@/lib/core/domain/environment";
import { formatMajor, formatMinor } from "@/lib/core/domain/money";
import { proxiedRequestEnvironment } from "@/lib/surfaces/http/request-environment";
import { hostOrigin } from "@/lib/surfaces/http/host-origin";
import { pageEnvironment } from "@/lib/surfaces/http/page-request";
import { nonceOf } from "@/lib/surfaces/http/security-headers";
import { paymentUrl } from "@/lib/features/links/payment-url";
import "./checkout.css";

type Params = { params: Promise<{ reference: string }> };
type PageProps = Params & { searchParams: Promise<Record<string, string | string[] | undefined>> };

// The hosted checkout: server-rendered, with one small client island for the interactive steps.
// Every step works without JavaScript (issue 35): each is a form posting to ./form, which answers
// with the next step in the query (lib/surfaces/checkout/checkout-steps.ts); the island starts
// from that step and only makes it smoother.
export default async function PayPage({ params, searchParams }: PageProps) {
  const { reference } = await params;
  const requestHeaders = await headers();
  const environment = proxiedRequestEnvironment(requestHeaders);
  const link = await findCheckoutPageLink(reference, environment);
  if (!link) notFound();

  // The checkout session cookie reaches the page when its forms started the attempt (the island's
  // API calls carry their own): the page then shows this customer's attempt as theirs.
  const viewerToken = readCheckoutToken({ headers: requestHeaders });
  const [{ state, knownPhone }, locale, t] = await Promise.all([readCheckoutPageState(link, viewerToken), getLocale(), getTranslations("checkout")]);
  // One currency label everywhere, the receipt's too: "F CFA" for the francs (docs/decisions.md, "Money for people").
  const money = (value: number) => formatMajor(value, link.currency, locale);
  const amountLabel = formatMinor(link.amountMinor, link.currency, locale);
  const merchant = link.merchant.name;
  const pagePath = `${pathPrefix(environment)}/pay/${reference}`;
  const sandbox = environment === "sandbox";
  const support = await merchantSupport(link.merchant);

  const regionNames = new Intl.DisplayNames([locale], { type: "region" });
  const countries: CheckoutCountryView[] = (state.payable ? await listCheckoutPageGateways(link) : []).map((c) => ({
    code: c.code,
    name: regionNames.of(c.code) ?? c.code,
    dialCode: DIAL_CODES[c.code] ?? "",
    gateways: c.gateways.map((g) => ({ name: g.name, provider: g.provider, type: g.type, feesLabel: money(g.fees), totalLabel: money(g.total), availability: g.availability })),
  }));
  countries.sort((a, b) => a.name.localeCompare(b.name, locale));

  let body;
  // Pending, or failed with the link still open for a retry: the checkout island, which offers it.
  if (!state.payable) {
    body = (
      <>
        <FinalScreen state={state} merchant={merchant} receiptHref={`${pagePath}/receipt`} />
        {state.status !== "completed" && support}
      </>
    );
  } else if (countries.length === 0) {
    // No gateway takes this currency here (none configured for live, or all switched off): say so
    // instead of an empty form the customer cannot get past.
    body = (
      <>
        <section role="alert" aria-labelledby="no-gateway-title">
          <h2 id="no-gateway-title">{t("noGateway.title")}</h2>
          <p>{t("noGateway.body", { merchant })}</p>
        </section>
        {support}
      </>
    );
  } else {
    const search = await searchParams;
    const query = readCheckoutPageQuery(search, countries);
    const initialCountry = query.country ?? preselectCountry({
      available: countries.map((c) => c.code),
      acceptLanguage: requestHeaders.get("accept-language"),
      merchantCountry: link.merchant.country,
      customerPhone: link.customerPhone,
    });
    const url = paymentUrl(reference, environment, hostOrigin(requestHeaders));
    const messages = await getMessages();
    const apiBase = `${pathPrefix(environment)}/api/checkout/${reference}`;
    const waiting = state.attempt?.status === "pending" && state.attempt.paymentType === "DIRECT";
    body = (
      <NextIntlClientProvider messages={{ checkout: messages.checkout, checkoutRetry: messages.checkoutRetry }}>
        {waiting && <WaitingPoller stateUrl={apiBase} nonce={nonceOf(requestHeaders.get("content-security-policy"))} />}
        <CheckoutFlow
          reference={reference}
          apiBase={apiBase}
          merchant={merchant}
          countries={countries}
          initialCountry={initialCountry}
          initialStep={query.step}
          initialGateway={query.gateway}
          initialNational={typedPhoneToShow(query, requestHeaders)}
          initialError={query.error}
          knownPhone={knownPhone}
          formAction={`${pagePath}/form`}
          pagePath={pagePath}
          waitingRefresh={waitingRefresh(pagePath, search)}
          initialState={state}
          expiresAt={link.expiresAt.toISOString()}
          whenFailed={support}
          whilePending={
            <>
              <details className="share">
                <summary>{t("share.title")}</summary>
                <div role="img" aria-label={t("share.qr")} className="qr" dangerouslySetInnerHTML={{ __html: await qrSvg(url) }} />
                <ShareLink url={url} title={t("title", { merchant })} />
              </details>
              {sandbox && (
                <details className="sandbox-help">
                  <summary>{t("sandboxHelp.title")}</summary>
                  <ul>
                    <li>{t("sandboxHelp.direct")}</li>
                    <li>{t("sandboxHelp.otp")}</li>
                    <li>{t("sandboxHelp.redirect")}</li>
                  </ul>
                </details>
              )}
            </>
          }
        />
      </NextIntlClientProvider>
    );
  }

  return (
    <main className="checkout">
      {sandbox && (
        <p className="sandbox-banner" role="note">
          {t("sandboxBanner")}
        </p>
      )}
      <header className="order">
        {/* The merchant's logo (dashboard settings; a small data URL, no extra request); the name is in the heading. */}
        {link.merchant.logoDataUrl ? <img src={link.merchant.logoDataUrl} alt="" className="merchant-logo" /> : null}
        <h1>{t("title", { merchant })}</h1>
        <p className="description">{link.description}</p>
        <p className="amount">
          <span className="visually-hidden">{t("amount")}: </span>
          {amountLabel}
        </p>
      </header>
      {body}
      <LocaleSwitch redirect={pagePath} />
    </main>
  );
}

/** Whom the customer can contact when a payment fails: the merchant's support phone and e-mail, if set. */
async function merchantSupport(merchant: { name: string; supportPhone: string | null; supportEmail: string | null }) {
  if (!merchant.supportPhone && !merchant.supportEmail) return null;
  const t = await getTranslations("dashboard.checkoutSupport");
  return (
    <section className="merchant-support" aria-labelledby="merchant-support">
      <h2 id="merchant-support">{t("title")}</h2>
      <p>{t("body", { merchant: merchant.name })}</p>
      <ul>
        {merchant.supportPhone ? (
          <li>
            <a href={`tel:${merchant.supportPhone}`}>{merchant.supportPhone}</a>
          </li>
        ) : null}
        {merchant.supportEmail ? (
          <li>
            <a href={`mailto:${merchant.supportEmail}`}>{merchant.supportEmail}</a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { reference } = await params;
  const t = await getTranslations("checkout");
  const link = await findCheckoutPageLink(reference, await pageEnvironment());
  return {
    title: link ? t("title", { merchant: link.merchant.name }) : t("notFound.title"),
    robots: { index: false, follow: false },
    // Not "no-referrer": under it a browser posts the steps' forms with `Origin: null`, which the
    // form handler refuses. same-origin still gives an operator's page nothing.
    referrer: "same-origin",
  };
}
