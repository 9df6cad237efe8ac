import { createTranslator } from "next-intl";
import type { Environment } from "@/lib/core/domain/environment";
import { maskedPhone } from "@/lib/core/domain/masked-phone";
import { formatMinor } from "@/lib/core/domain/money";
import type { Locale } from "@/lib/core/i18n/locales";
import { labelledLine } from "@/lib/core/i18n/labelled-line";
import type { Mail } from "@/lib/integrations/mail/send-mail";
import { escapeHtml } from "@/lib/features/link-sends/link-message";
import { gsmSpaces, smsSafeText } from "@/lib/features/link-sends/sms-safe-text";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";

// The words of a payment alert (issue 51 part 1), to the merchant's own people, in the merchant's
// language: the amount, the payer's masked number (maskedPhone: the alert may be read over a
// shoulder at the counter), the operator, what was paid (a payment page, a link, or a deposit of
// the API) and a link to the payment in the dashboard. A test-mode payment says so, as every
// test-mode message does ("[TEST]").

const CATALOGS = { en, fr } as const;

export type PaymentForAlert = {
  merchantName: string;
  amountMinor: bigint;
  currency: string;
  payerPhone: string;
  gatewayName: string;
  /** What the payment paid: a payment page or a link (their description), else the deposit's reference. */
  paid: { kind: "page" | "link"; description: string } | { kind: "deposit"; reference: string };
  dashboardUrl: string;
  environment: Environment;
};

function wordsOf(payment: PaymentForAlert, locale: Locale, bound: (text: string) => string) {
  const messages = CATALOGS[locale];
  const t = createTranslator({ locale, messages, namespace: "paymentAlerts.message" });
  const gateways: Record<string, string> = messages.labels.gateway;
  const paid = payment.paid;
  return {
    t,
    test: payment.environment === "sandbox" ? createTranslator({ locale, messages, namespace: "linkSending.message" })("testPrefix") : "",
    values: {
      merchant: payment.merchantName,
      amount: formatMinor(payment.amountMinor, payment.currency, locale),
      payer: maskedPhone(payment.payerPhone),
      operator: gateways[payment.gatewayName] ?? payment.gatewayName,
      what: paid.kind === "deposit" ? t("deposit", { reference: paid.reference }) : t(paid.kind, { description: bound(paid.description) }),
    },
  };
}

export function alertSms(payment: PaymentForAlert, locale: Locale): string {
  const { t, test, values } = wordsOf(payment, locale, (text) => smsSafeText(text, 30));
  // "*" for the hidden digits: "•" is outside the GSM alphabet and would double the text's cost.
  const text = t("sms", { ...values, payer: values.payer.replaceAll("•", "*"), url: payment.dashboardUrl });
  return gsmSpaces(test ? `${test} ${text}` : text);
}

export function alertMail(payment: PaymentForAlert, locale: Locale, to: string): Mail {
  const { t, test, values } = wordsOf(payment, locale, (text) => text);
  const subject = (test ? `${test} ` : "") + t("mailSubject", values);
  const intro = t("mailIntro", values);
  const action = t("mailAction");
  const testNote = test ? t("mailTest") : "";
  const text = [intro, labelledLine(locale, action, payment.dashboardUrl), testNote].filter(Boolean).join("\n\n") + "\n";
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(payment.dashboardUrl)}">${escapeHtml(action)}</a></p>` +
    (testNote ? `<p style="font-size:13px;color:#a50">${escapeHtml(testNote)}</p>` : "");
  return { to, subject, text, html };
}
