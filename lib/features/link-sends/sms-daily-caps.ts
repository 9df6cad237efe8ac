import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { limitFromEnv, limitReached } from "@/lib/core/limits/rate-limit";

// The daily caps on texts, counted on the sends themselves (LinkSend rows of the last 24 hours),
// so they hold across links, merchants, processes and replicas, with or without Redis:
// - per recipient: one phone gets a few links a day, whoever sends them (an SMS-pumping run
//   spreads over many links and accounts; the per-link limit of link-send-limits.ts does not see it);
// - per merchant and environment: a cap on its texts, below its cap on all sends.
// Checked after the send's row is written (queued): two requests at once each see the other's
// row, so together they can only be refused too often, never let through too often. A refused
// send's row is removed (spendSmsDailyCaps' caller), so refusals do not count.

const DAY_MS = 86_400_000;

/** Whether the send just written (sendId) keeps its recipient and its merchant within their daily caps; a 429/42900 otherwise. */
export async function smsDailyCapsRefusal(
  client: DbClient,
  send: { id: string; merchantId: string; environment: Environment; recipient: string },
): Promise<Error | null> {
  const since = new Date(Date.now() - DAY_MS);
  // A receipt a limit refused stays as a failed send (deliver-send.ts): no text left, none counted.
  const texted: Prisma.LinkSendWhereInput = { channel: "sms", createdAt: { gte: since }, OR: [{ failureReason: null }, { failureReason: { not: "limit_reached" } }] };
  const toRecipient: Prisma.LinkSendWhereInput = { ...texted, recipient: send.recipient };
  const byMerchant: Prisma.LinkSendWhereInput = { ...texted, merchantId: send.merchantId, environment: send.environment };
  const perRecipient = limitFromEnv("SMS_SENDS_PER_DAY_PER_RECIPIENT", 5);
  const perMerchant = limitFromEnv("SMS_SENDS_PER_DAY_PER_MERCHANT", 100);
  const caps = [
    { where: toRecipient, cap: perRecipient, says: `At most ${perRecipient} texts to one phone number per day, from all accounts` },
    { where: byMerchant, cap: perMerchant, says: `At most ${perMerchant} texts per day for this account` },
  ];
  const counts = await Promise.all(caps.map(({ where }) => client.linkSend.count({ where })));
  const over = caps.find((cap, i) => counts[i] > cap.cap);
  if (!over) return null;
  // Only for a refusal: when the oldest of the day's other sends leaves the window.
  const oldest = await client.linkSend.findFirst({ where: { ...over.where, id: { not: send.id } }, orderBy: { createdAt: "asc" }, select: { createdAt: true } });
  const retry = Math.max(1, Math.ceil(((oldest?.createdAt.getTime() ?? Date.now()) + DAY_MS - Date.now()) / 1000));
  return limitReached(over.cap, retry, `${over.says}; retry in ${retry} s`);
}
