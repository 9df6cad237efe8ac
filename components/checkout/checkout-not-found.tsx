import { useTranslations } from "next-intl";

/**
 * An unknown payment link or payment page, in the customer's language: a real 404 drawn by the
 * server (app/not-found.tsx, which proxy.ts sends unknown references to; the segments' not-found.tsx).
 */
function CustomerNotFound({ messages }: { messages: "checkout.notFound" | "paymentPage.notFound" }) {
  const t = useTranslations(messages);
  return (
    <main className="checkout">
      <section className="final final-failed" aria-labelledby="final-title">
        <h1 id="final-title">{t("title")}</h1>
        <p>{t("body")}</p>
      </section>
    </main>
  );
}

export const CheckoutNotFound = () => <CustomerNotFound messages="checkout.notFound" />;
export const PaymentPageNotFound = () => <CustomerNotFound messages="paymentPage.notFound" />;
