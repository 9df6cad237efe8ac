import { useTranslations } from "next-intl";
import "./checkout.css";

// A real 404 for an unknown reference, in the customer's language.
export default function PayNotFound() {
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
