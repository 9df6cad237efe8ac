import { useTranslations } from "next-intl";

/** An unknown payment link, in the customer's language: a real 404 (app/not-found.tsx, app/pay/[reference]/not-found.tsx). */
export function CheckoutNotFound() {
  const t = useTranslations("checkout.notFound");
  return (
    <main className="checkout">
      <section className="final final-failed" aria-labelledby="final-title">
        <h1 id="final-title">{t("title")}</h1>
        <p>{t("body")}</p>
      </section>
    </main>
  );
}
