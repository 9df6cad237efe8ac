import { db } from "@/lib/core/db/client";

/**
 * The former switch that served the outbox on a production build. The page shows live reset and
 * sign-in links to anyone who opens it, so production never serves it, and a production server
 * refuses to start with this set (lib/surfaces/config/production-settings.ts) rather than ignore it silently.
 */
export const OUTBOX_PAGE_SETTING = "MAIL_OUTBOX_PAGE";

/** The local outbox is for development and tests: the page that shows it answers 404 in production, whatever the settings. */
export function outboxPageEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV !== "production";
}

/** Whether account mails stay on this computer, in the outbox page (development or tests without SMTP_URL: lib/integrations/mail/send-mail.ts), so pages can say where to find them. */
export function mailsKeptInOutbox(env: NodeJS.ProcessEnv = process.env): boolean {
  return outboxPageEnabled(env) && !env.SMTP_URL;
}

/**
 * Whether account mails cannot leave at all: a production server without SMTP_URL (the embedded
 * `npm start`) writes them to the outbox table, which no page shows in production. The pages that
 * promise a mail say so instead, and point to support (who may confirm an e-mail by hand:
 * lib/features/team/verify-member-email.ts).
 */
export function mailsCannotLeave(env: NodeJS.ProcessEnv = process.env): boolean {
  return !outboxPageEnabled(env) && !env.SMTP_URL?.trim();
}

/** The newest mails first, optionally only those sent to one address. */
export function listOutbox(options: { to?: string; take?: number } = {}) {
  return db().outboxMail.findMany({
    where: options.to ? { to: options.to.trim().toLowerCase() } : undefined,
    orderBy: { createdAt: "desc" },
    take: options.take ?? 50,
  });
}
