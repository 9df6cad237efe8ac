import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { CustomerNotFound, customerNotFoundMessages } from "@/components/checkout/checkout-not-found";
import { NOT_FOUND_PAGE_HEADER } from "@/lib/core/request/environment-header";
import "./pay/[reference]/checkout.css";

// Every address no route answers, drawn on the server in the visitor's language. proxy.ts sends
// unknown checkout references and payment pages here (marked by its header) so the customer sees
// the checkout's own 404, or the payment page's, without JavaScript.
export default async function NotFound() {
  const messages = customerNotFoundMessages((await headers()).get(NOT_FOUND_PAGE_HEADER));
  if (messages) return <CustomerNotFound messages={messages} />;
  const t = await getTranslations("titles");
  return (
    <main className="checkout">
      <section className="final final-failed" aria-labelledby="final-title">
        <h1 id="final-title">{t("notFound")}</h1>
        <p>
          <a href="/">{t("home")}</a>
        </p>
      </section>
    </main>
  );
}
