import type { LinkSend } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { SmsDeliveryUpdate } from "@/lib/integrations/sms/sms-provider";

// How a delivery report moves a send: forward only (queued/sent -> sent/delivered/failed; a final
// state stays), so a repeated, late or replayed report changes nothing.

const RANK = { queued: 0, sent: 1, delivered: 2, failed: 2 } as const;

export const isFinalState = (state: keyof typeof RANK) => RANK[state] === 2;

export async function applyDeliveryUpdate(client: DbClient, send: LinkSend, update: Omit<SmsDeliveryUpdate, "messageId">): Promise<"updated" | "unchanged"> {
  // A final state stays; an in-transit report only refreshes what the provider said.
  if (isFinalState(send.status) || (update.state === "sent" && send.status === "sent" && send.providerStatus === update.providerStatus)) return "unchanged";
  const now = new Date();
  // Only from a state that is not final: two reports at once cannot both apply.
  const moved = await client.linkSend.updateMany({
    where: { id: send.id, status: { in: ["queued", "sent"] } },
    data:
      update.state === "delivered"
        ? { status: "delivered", deliveredAt: now, providerStatus: update.providerStatus }
        : update.state === "failed"
          ? { status: "failed", failedAt: now, failureReason: update.failureReason, providerStatus: update.providerStatus }
          : { status: "sent", providerStatus: update.providerStatus },
  });
  return moved.count ? "updated" : "unchanged";
}
