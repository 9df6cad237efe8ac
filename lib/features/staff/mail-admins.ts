import type { DbClient } from "@/lib/core/db/client";
import { errorFields, log } from "@/lib/core/logging/log";
import { sendMail, type Mail } from "@/lib/integrations/mail/send-mail";

/**
 * Mails every admin of the support view (role `admin`, not disabled) what the service did that a
 * person must look at, through the service's one mailer (SMTP, or the local outbox). Called after
 * the fact committed: a mail that cannot be sent is logged, and the fact stands.
 */
export async function mailAdmins(client: DbClient, mailTo: (to: string) => Mail): Promise<number> {
  const admins = await client.user.findMany({ where: { staffRole: "admin", disabledAt: null }, select: { email: true } });
  let sent = 0;
  for (const admin of admins) {
    try {
      await sendMail(mailTo(admin.email));
      sent++;
    } catch (error) {
      log("error", "mail to an admin not sent", { ...errorFields(error) });
    }
  }
  return sent;
}
