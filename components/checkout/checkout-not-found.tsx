import { useTranslations } from "next-intl";

const NOT_FOUND_MESSAGES = { checkout: "checkout.notFound", page: "paymentPage.notFound" } as const;
type NotFoundMessages = (typeof NOT_FOUND_MESSAGES)[keyof typeof NOT_FOUND_MESSAGES];

/** The messages of the 404 proxy.ts marked (its NOT_FOUND_PAGE_HEADER: "checkout" or "page"), or null for any other address. */
export function customerNotFoundMessages(header: string | null): NotFoundMessages | null {
  return header === "checkout" || header === "page" ? NOT_FOUND_MESSAGES[header] : null;
}

/**
 * An unknown payment link or payment page, in the customer's language: a real 404 drawn by the
 * server (app/not-found.tsx, which proxy.ts sends unknown references to; the segments' not-found.tsx).
 */
export function CustomerNotFound({ messages }: { messages: NotFoundMessages }) {
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

export const CheckoutNotFound = () => <CustomerNotFound messages={NOT_FOUND_MESSAGES.checkout} />;
export const PaymentPageNotFound = () => <CustomerNotFound messages={NOT_FOUND_MESSAGES.page} />;
