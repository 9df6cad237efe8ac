import { createTranslator } from "next-intl";
import { configuredPublicOrigin } from "@/lib/core/domain/public-base-url";
import { formatMinor } from "@/lib/core/domain/money";
import type { Locale } from "@/lib/core/i18n/locales";
import type { Mail } from "@/lib/integrations/mail/send-mail";
import { escapeHtml } from "@/lib/features/link-sends/link-message";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import type { ChargeView } from "./read-charges";

// The mails of "tell the merchant" (issue 51): to the merchant's owners and admins, in the
// merchant's language, and to our support's admins. What the customer saw, the payment's
// reference, and where to look; the number masked as the customer saw it (the merchant's
// dashboard has it whole).

const CATALOGS = { en, fr } as const;

export type AlertAudience = "merchant" | "support";

export function chargeAlertMail(options: { to: string; locale: Locale; audience: AlertAudience; charge: ChargeView; dashboardPath: string; supportPath: string }): Mail {
  const { charge, locale } = options;
  const t = createTranslator({ locale, messages: CATALOGS[locale], namespace: "chargeLookup.mail" });
  const statusWord = createTranslator({ locale, messages: CATALOGS[locale], namespace: "chargeLookup.status" })(charge.status);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: charge.timeZone }).format(charge.at);
  const values = {
    merchant: charge.merchantName,
    reference: charge.reference,
    amount: formatMinor(charge.totalMinor, charge.currency, locale),
    phone: charge.maskedPhone,
    provider: charge.provider,
    when,
    status: statusWord,
  };
  const base = configuredPublicOrigin() ?? "";
  const path = options.audience === "merchant" ? options.dashboardPath : options.supportPath;
  const subject = t("subject", values);
  const intro = t(options.audience === "merchant" ? "introMerchant" : "introSupport", values);
  const facts = t("facts", values);
  const todo = t(options.audience === "merchant" ? "todoMerchant" : "todoSupport", values);
  const where = t("where", { url: `${base}${path}` });
  return {
    to: options.to,
    subject,
    text: [intro, facts, todo, where].join("\n\n") + "\n",
    html: [intro, facts, todo, where].map((p) => `<p>${escapeHtml(p)}</p>`).join(""),
  };
}
