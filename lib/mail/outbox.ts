import { db } from "@/lib/db/client";

/**
 * The local outbox is for development and tests: the page that shows it answers 404 in production
 * unless MAIL_OUTBOX_PAGE=1 (e.g. a demo server without a mail server).
 */
export function outboxPageEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV !== "production" || env.MAIL_OUTBOX_PAGE === "1";
}

/** The newest mails first, optionally only those sent to one address. */
export function listOutbox(options: { to?: string; take?: number } = {}) {
  return db().outboxMail.findMany({
    where: options.to ? { to: options.to.trim().toLowerCase() } : undefined,
    orderBy: { createdAt: "desc" },
    take: options.take ?? 50,
  });
}
