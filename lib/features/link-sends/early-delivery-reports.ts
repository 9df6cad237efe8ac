import type { DbClient } from "@/lib/core/db/client";
import type { SmsDeliveryUpdate, SmsFailureReason } from "@/lib/integrations/sms/sms-provider";
import { applyDeliveryUpdate, isFinalState } from "./apply-delivery-update";

// A delivery report can overtake the provider's answer to the send: Africa's Talking posts it to
// our callback as soon as the telco answers, while the send's own request is still recording the
// message id the provider returned (deliver-send.ts). Africa's Talking documents no retry of its
// callbacks (docs.africastalking.com/sms/deliveryreports), so a report answered "unknown" would be
// lost and the send would stay "sent" for ever (CI 2026-11-29: a Failed report never showed).
//
// Such a report is kept here, by provider and message id, and applied when the send records the id.
// Both sides write first and read the other's row after (each statement commits on its own), so
// whichever comes second sees the first: the report is applied at least once, and applying is
// idempotent (apply-delivery-update.ts).

/** Rows older than this are reports of messages we never sent (another app on the same account). */
const KEEP_FOR_MS = 24 * 60 * 60 * 1000;

export async function keepEarlyReport(client: DbClient, provider: string, update: SmsDeliveryUpdate): Promise<void> {
  const row = { provider, providerMessageId: update.messageId, state: update.state, providerStatus: update.providerStatus, failureReason: update.failureReason };
  const { count } = await client.earlyDeliveryReport.createMany({ data: [row], skipDuplicates: true });
  // A second report for the same message: a final one replaces an in-transit one, never the reverse.
  if (count === 0 && isFinalState(update.state)) {
    await client.earlyDeliveryReport.updateMany({ where: { provider, providerMessageId: update.messageId, state: "sent" }, data: { ...row, receivedAt: new Date() } });
  }
  await client.earlyDeliveryReport.deleteMany({ where: { receivedAt: { lt: new Date(Date.now() - KEEP_FOR_MS) } } });
}

/** Applies and removes the report kept for this message, if one came early; true when one did. */
export async function applyEarlyReport(client: DbClient, provider: string, providerMessageId: string): Promise<boolean> {
  const kept = await client.earlyDeliveryReport.findUnique({ where: { provider_providerMessageId: { provider, providerMessageId } } });
  if (!kept) return false;
  const send = await client.linkSend.findUnique({ where: { provider_providerMessageId: { provider, providerMessageId } } });
  if (!send) return false;
  await applyDeliveryUpdate(client, send, { state: kept.state as SmsDeliveryUpdate["state"], providerStatus: kept.providerStatus, failureReason: kept.failureReason as SmsFailureReason | null });
  await client.earlyDeliveryReport.deleteMany({ where: { provider, providerMessageId, receivedAt: kept.receivedAt } });
  return true;
}
