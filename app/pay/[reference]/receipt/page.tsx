import type { Metadata } from "next";
import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { pathPrefix } from "@/lib/core/domain/environment";
import { countryTimeZone } from "@/lib/core/domain/local-day";
import { maskedPhone } from "@/lib/core/domain/masked-phone";
import { formatMinor } from "@/lib/core/domain/money";
import { paymentUrl } from "@/lib/features/links/payment-url";
import { hostOrigin } from "@/lib/surfaces/http/host-origin";
import { PrintButton } from "@/components/print-button";
import { lookupPagePath } from "@/lib/features/charge-lookup/lookup-token";
import { findPageReceipt } from "@/lib/features/receipts/find-receipt";
import { pageEnvironment } from "@/lib/surfaces/http/page-request";
import { SummaryLines } from "@/components/checkout/summary-lines";
import "../checkout.css";

type Params = { params: Promise<{ reference: string }> };

// The customer's receipt of one paid link (issue 36 part 4): business, what was bought, amount,
// fees and total, when, our references and the operator's; printable (print styles in
// checkout.css), shared by WhatsApp or SMS, the payer's number masked, the time the country's; a
// sandbox receipt says plainly that no real money moved (issue 51). Reached from the paid screen and by the link's own address: it shows no more than
// the paid checkout page does, and nothing of any other payment. An unknown reference gets the
// checkout's 404 from proxy.ts; a link not paid (yet) says so and leads back to its page.
export default async function ReceiptPage({ params }: Params) {
  const { reference } = await params;
  const env = await pageEnvironment();
  const [receipt, locale, t, lookup] = await Promise.all([findPageReceipt(reference, env), getLocale(), getTranslations("receipt"), getTranslations("chargeLookup")]);
  const paymentPath = `${pathPrefix(env)}/pay/${reference}`;
  if (!receipt) {
    return (
      <main className="checkout">
        <section className="final" aria-labelledby="receipt-title">
          <h1 id="receipt-title">{t("notPaid.title")}</h1>
          <p>{t("notPaid.body")}</p>
          <a className="button" href={paymentPath}>
            {t("notPaid.back")}
          </a>
        </section>
      </main>
    );
  }
  const money = (minor: bigint) => formatMinor(minor, receipt.currency, locale);
  // In the time of the country it was paid in: what the customer's phone and the shop's clock said.
  const paidAt = new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: countryTimeZone(receipt.country), timeZoneName: "short" }).format(receipt.paidAt);
  const sandbox = receipt.environment === "sandbox";
  const receiptUrl = `${paymentUrl(reference, env, hostOrigin(await headers()))}/receipt`;
  const shareText = t("share.text", { merchant: receipt.merchantName, amount: money(receipt.amountMinor + receipt.feesMinor), url: receiptUrl });
  const rows: [string, string][] = [
    [t("merchant"), receipt.merchantName],
    [t("payer"), maskedPhone(receipt.payerPhone)],
    [t("description"), receipt.description],
    [t("amount"), money(receipt.amountMinor)],
    [t("fees"), money(receipt.feesMinor)],
    [t("total"), money(receipt.amountMinor + receipt.feesMinor)],
    [t("paidAt"), paidAt],
    [t("method"), receipt.provider],
    [t("reference"), receipt.reference],
    [t("paymentReference"), receipt.paymentReference],
    ...(receipt.operatorReference ? [[t("operatorReference"), receipt.operatorReference] as [string, string]] : []),
  ];
  return (
    <main className="checkout receipt">
      {sandbox && (
        <p className="sandbox-banner receipt-test" role="note">
          {t("test")}
        </p>
      )}
      <header className="order">
        {receipt.logoDataUrl ? <img src={receipt.logoDataUrl} alt="" className="merchant-logo" /> : null}
        <h1>{sandbox ? t("testHeading", { merchant: receipt.merchantName }) : t("heading", { merchant: receipt.merchantName })}</h1>
        <p className="amount">{money(receipt.amountMinor + receipt.feesMinor)}</p>
      </header>
      <SummaryLines rows={rows} />
      <p className="receipt-keep">{t("keep")}</p>
      <section className="receipt-actions no-print" aria-labelledby="receipt-share">
        <h2 id="receipt-share">{t("share.title")}</h2>
        <p className="receipt-share-links">
          <a className="button" href={`https://wa.me/?text=${encodeURIComponent(shareText)}`} rel="noopener noreferrer">
            {t("share.whatsapp")}
          </a>
          <a className="button" href={`sms:?body=${encodeURIComponent(shareText)}`}>
            {t("share.sms")}
          </a>
          <PrintButton label={t("print")} className="button" />
        </p>
        <noscript>
          <p>{t("printHint")}</p>
        </noscript>
      </section>
      <p className="no-print">
        <a href={paymentPath}>{t("back")}</a>
      </p>
      <p className="no-print hint">
        <a href={lookupPagePath(env)}>{lookup("link")}</a>
      </p>
    </main>
  );
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("receipt");
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "same-origin" };
}
