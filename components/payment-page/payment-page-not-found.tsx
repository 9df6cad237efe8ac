import { useTranslations } from "next-intl";

/** An unknown payment page, in the customer's language: a real 404 (app/not-found.tsx, app/p/[reference]/not-found.tsx). */
export function PaymentPageNotFound() {
  const t = useTranslations("paymentPage.notFound");
  return (
    <main className="checkout">
      <section className="final final-failed" aria-labelledby="final-title">
        <h1 id="final-title">{t("title")}</h1>
        <p>{t("body")}</p>
      </section>
    </main>
  );
}
