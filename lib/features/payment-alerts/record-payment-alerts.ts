import type { Deposit, Prisma } from "@prisma/client";
import { ulid } from "@/lib/core/domain/ulid";

export const ALERT_CHANNELS = ["sms", "email"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/**
 * Records the alerts of a payment the merchant was just paid (a deposit completed: on its own, or
 * paying its link, on time or late), in the payment's transaction: one row per member of that
 * merchant who opted in, and channel, due now. Nothing is sent here: the due-work pass (the embedded
 * runner's, or Inngest's sweep) sends them after the commit (send-payment-alerts.ts), so an alert never announces a payment that rolled
 * back. ON CONFLICT DO NOTHING on (deposit, member, channel): a completion replayed, or recorded
 * by two racing transactions, writes each alert once. Returns how many rows it wrote.
 */
export async function recordPaymentAlerts(tx: Prisma.TransactionClient, deposit: Pick<Deposit, "id" | "merchantId" | "environment">): Promise<number> {
  const members = await tx.memberAlertSettings.findMany({
    // The member's own organization is the merchant: merchantId in the settings row is a copy kept for this query.
    where: { merchantId: deposit.merchantId, member: { organizationId: deposit.merchantId }, OR: [{ sms: true, phone: { not: null } }, { email: true }] },
    select: { memberId: true, sms: true, email: true, phone: true },
  });
  const dueAt = new Date();
  const rows = members.flatMap((m) =>
    ALERT_CHANNELS.filter((channel) => (channel === "sms" ? m.sms && m.phone : m.email)).map((channel) => ({
      id: `alert_${ulid()}`,
      merchantId: deposit.merchantId,
      environment: deposit.environment,
      depositId: deposit.id,
      memberId: m.memberId,
      channel,
      dueAt,
    })),
  );
  if (rows.length === 0) return 0;
  const { count } = await tx.paymentAlert.createMany({ data: rows, skipDuplicates: true });
  return count;
}
