import nodemailer, { type Transporter } from "nodemailer";
import { db } from "@/lib/core/db/client";
import { ulid } from "@/lib/core/domain/ulid";
import { appMetrics } from "@/lib/core/metrics/registry";

export type Mail = { to: string; subject: string; text: string; html: string };

// One transport per SMTP_URL: nodemailer pools nothing by default, but building it parses the URL.
let transport: { url: string; transporter: Transporter } | null = null;

function smtpTransport(url: string) {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

/**
 * Sends an e-mail: over SMTP when SMTP_URL is set (e.g. smtps://user:pass@smtp.example.com), else
 * into the local outbox table, so the quick start needs no mail server (read at /dev/outbox).
 */
export async function sendMail(mail: Mail, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const counted = (outcome: "sent" | "failed") => appMetrics().messageSends.inc({ channel: "email", outcome });
  try {
    await deliverMail(mail, env);
  } catch (error) {
    counted("failed");
    throw error;
  }
  counted("sent");
}

async function deliverMail(mail: Mail, env: NodeJS.ProcessEnv) {
  const url = env.SMTP_URL?.trim();
  if (url) {
    await smtpTransport(url).sendMail({ from: env.MAIL_FROM?.trim() || "Payments <no-reply@localhost>", ...mail });
    return;
  }
  await db().outboxMail.create({ data: { id: `mail_${ulid()}`, ...mail, to: mail.to.trim().toLowerCase() } });
}
