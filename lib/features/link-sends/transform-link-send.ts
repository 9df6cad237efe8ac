import type { LinkSend } from "@prisma/client";
import { formatWholeSeconds } from "@/lib/core/domain/time";

/** A send as the API shows it (LinkSend in lib/core/schemas/link-send.ts): the provider's internals stay ours. */
export function toLinkSendJson(send: LinkSend, reference: string) {
  const time = (date: Date | null) => (date ? formatWholeSeconds(date) : null);
  return {
    id: send.id,
    reference,
    purpose: send.purpose,
    channel: send.channel,
    to: send.recipient,
    status: send.status,
    failureReason: send.failureReason,
    createdAt: formatWholeSeconds(send.createdAt),
    sentAt: time(send.sentAt),
    deliveredAt: time(send.deliveredAt),
    failedAt: time(send.failedAt),
  };
}
