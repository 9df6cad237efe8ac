import { db, type DbClient } from "@/lib/core/db/client";
import { pathPrefix, type Environment } from "@/lib/core/domain/environment";
import { DEFAULT_LOCALE, isLocale } from "@/lib/core/i18n/locales";
import { errorFields, log } from "@/lib/core/logging/log";
import { sendMail } from "@/lib/integrations/mail/send-mail";
import { merchantMailLanguage } from "@/lib/features/auth/mail-language";
import { mailAdmins } from "@/lib/features/staff/mail-admins";
import { chargeAlertMail } from "./alert-mail";
import { alertAllowedToday, limitAlertByAddress } from "./lookup-limits";
import { readCharges } from "./read-charges";

// "Prévenir le marchand" (issue 51): a customer who found their payment tells the merchant
// (its owners and admins, in the merchant's language) and our support that they are asking about
// it. Once per payment per day, whoever asks: a second tap says it was done already. Only a
// payment the customer found can be named (the caller passes an id of their signed look-up).

export type AlertOutcome = "sent" | "already" | "unknown";

/** Roles that run the business and read its mail about payments. */
const ALERTED_ROLES = ["owner", "admin"];

export async function alertMerchant(options: { environment: Environment; depositId: string; addressKey: string; now?: Date }, client: DbClient = db()): Promise<AlertOutcome> {
  await limitAlertByAddress(options.addressKey);
  const [charge] = await readCharges(client, { environment: options.environment, ids: [options.depositId], now: options.now });
  if (!charge) return "unknown";
  if (!(await alertAllowedToday(charge.id))) return "already";
  const deposit = await client.deposit.findUniqueOrThrow({ where: { id: charge.id }, select: { merchantId: true } });
  const paths = {
    dashboardPath: `${pathPrefix(options.environment)}/dashboard/deposits/${charge.reference}`,
    supportPath: `/admin/payments/${charge.reference}`,
  };
  // The mails go after the facts they tell, each on its own: one that cannot be sent is logged,
  // and the customer is still told the merchant was alerted by the others.
  try {
    const members = await client.member.findMany({ where: { organizationId: deposit.merchantId, role: { in: ALERTED_ROLES } }, select: { user: { select: { email: true } } } });
    const language = (await merchantMailLanguage(client, deposit.merchantId)) ?? undefined;
    const locale = isLocale(language) ? language : DEFAULT_LOCALE;
    for (const member of members) {
      await sendMail(chargeAlertMail({ to: member.user.email, locale, audience: "merchant", charge, ...paths })).catch((error) =>
        log("error", "charge alert to a merchant member not sent", { reference: charge.reference, ...errorFields(error) }),
      );
    }
  } catch (error) {
    log("error", "charge alert to the merchant not sent", { reference: charge.reference, ...errorFields(error) });
  }
  // Support reads English and French alike; its mails are in the platform's language.
  await mailAdmins(client, (to) => chargeAlertMail({ to, locale: DEFAULT_LOCALE, audience: "support", charge, ...paths }));
  log("info", "charge alert sent", { reference: charge.reference });
  return "sent";
}
