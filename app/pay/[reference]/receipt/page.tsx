import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { pathPrefix } from "@/lib/core/domain/environment";
import { formatMinor } from "@/lib/core/domain/money";
import { findPageReceipt } from "@/lib/features/receipts/find-receipt";
import { pageEnvironment } from "@/lib/surfaces/http/page-request";
import "../checkout.css";

type Params = { params: Promise<{ reference: string }> };

// The customer's receipt of one paid link (issue 36 part 4): business, what was bought, amount,
// fees and total, when, our references and the operator's; printable (print styles in
// checkout.css). Reached from the paid screen and by the link's own address: it shows no more than
// the paid checkout page does, and nothing of any other payment. An unknown reference gets the
// checkout's 404 from proxy.ts; a link not paid (yet) says so and leads back to its page.
export default async function ReceiptPage({ params }: Params) {
  const { reference } = await params;
  const env = await pageEnvironment();
  const [receipt, locale, t] = await Promise.all([findPageReceipt(reference, env), getLocale(), getTranslations("receipt")]);
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
  const paidAt = new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" }).format(receipt.paidAt);
  const rows: [string, string][] = [
    [t("merchant"), receipt.merchantName],
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
      <header className="order">
        {receipt.logoDataUrl ? <img src={receipt.logoDataUrl} alt="" className="merchant-logo" /> : null}
        <h1>{t("heading", { merchant: receipt.merchantName })}</h1>
        <p className="amount">{money(receipt.amountMinor + receipt.feesMinor)}</p>
      </header>
      <dl className="summary receipt-lines">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="receipt-keep">{t("keep")}</p>
      <p className="no-print">
        <a href={paymentPath}>{t("back")}</a>
      </p>
    </main>
  );
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("receipt");
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "same-origin" };
}
