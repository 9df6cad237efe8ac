import { createHash, timingSafeEqual } from "node:crypto";
import type { DbClient } from "@/lib/core/db/client";
import { smsProviderNamed } from "@/lib/integrations/sms/sms-settings";
import { applyDeliveryUpdate } from "./apply-delivery-update";
import { applyEarlyReport, keepEarlyReport } from "./early-delivery-reports";

// An SMS provider's delivery report on /api/sms/{provider}/delivery-reports.
//
// Authentication: Africa's Talking signs nothing and sends no credential with its reports
// (docs.africastalking.com/sms/notifications lists only the report's fields), and an app has one
// callback URL, set in its dashboard, with no header of our choosing: the only proof we can ask
// for is a secret in that URL. It is a path segment, .../delivery-reports/<SMS_DELIVERY_REPORT_SECRET>,
// compared in constant time, never a query string (which access logs keep: nginx's default
// format, our own error log before issue 34); our logs print the path with that segment redacted
// (lib/core/logging/loggable-url.ts). Without the setting every report is refused. A forged
// report could only change the state we display, never money, and only for a message id it knows.
//
// Idempotent: a report moves a send forward only (apply-delivery-update.ts). A report for a message
// id no send carries yet is kept until one does (early-delivery-reports.ts).

export const DELIVERY_REPORT_SECRET_SETTING = "SMS_DELIVERY_REPORT_SECRET";

export type ReportAnswer = "updated" | "unchanged" | "unknown_message" | "not_a_report" | "unknown_provider" | "refused";

export function deliveryReportKeyValid(key: string | null, env: NodeJS.ProcessEnv = process.env): boolean {
  const secret = env[DELIVERY_REPORT_SECRET_SETTING]?.trim();
  if (!secret || !key) return false;
  // Digests of equal length: the comparison takes the same time whatever the key's length too.
  return timingSafeEqual(createHash("sha256").update(key).digest(), createHash("sha256").update(secret).digest());
}

export async function receiveDeliveryReport(
  client: DbClient,
  options: { provider: string; key: string | null; fields: Record<string, string> },
): Promise<ReportAnswer> {
  if (!deliveryReportKeyValid(options.key)) return "refused";
  const provider = smsProviderNamed(options.provider);
  if (!provider) return "unknown_provider";
  const update = provider.readDeliveryReport(options.fields);
  if (!update) return "not_a_report";
  const where = { provider_providerMessageId: { provider: provider.name, providerMessageId: update.messageId } };
  const send = await client.linkSend.findUnique({ where });
  if (send) return applyDeliveryUpdate(client, send, update);
  // No send carries the id yet: the report may have overtaken the send's answer (early-delivery-reports.ts).
  await keepEarlyReport(client, provider.name, update);
  return (await applyEarlyReport(client, provider.name, update.messageId)) ? "updated" : "unknown_message";
}
