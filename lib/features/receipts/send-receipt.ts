import { Prisma, type LinkSendChannel } from "@prisma/client";
import { z } from "zod";
import type { DbClient } from "@/lib/core/db/client";
import { eachDueRow } from "@/lib/core/db/each-due-row";
import type { Environment } from "@/lib/core/domain/environment";
import { internationalPhone } from "@/lib/core/domain/phone";
import { configuredPublicOrigin } from "@/lib/core/domain/public-base-url";
import { isLocale, type Locale } from "@/lib/core/i18n/locales";
import { errorFields, log } from "@/lib/core/logging/log";
import { deliverSend, recordFailedSend, type SendToDeliver } from "@/lib/features/link-sends/deliver-send";
import { smsDestinationRefusal } from "@/lib/features/link-sends/sms-destination";
import { paymentUrl } from "@/lib/features/links/payment-url";
import { smsAvailability } from "@/lib/integrations/sms/sms-settings";
import { receiptMail, receiptSms, type ReceiptForMessage } from "./receipt-message";

// The receipt message of a paid link (issue 36 part 4), sent by the due-work runner after the
// payment's commit: lib/features/links/queue-receipt.ts set the link's receiptDueAt in that transaction (the outbox),
// and every pass (the embedded runner's, or Inngest's sweep) claims the due links, sends, and
// clears it; with Inngest, its send-receipt function does so at once too (lib/features/jobs).
// A process that dies in between leaves it due: the next pass runs it again.
//
// Recipients: the phone the customer paid with (the paying deposit's number) by SMS, and the
// link's customerEmail, if it has one, by e-mail: the two things a customer gave us. Each goes
// through link sending's core (deliver-send.ts): its limits, daily SMS caps, SMS destinations and
// test-mode rules (texts only through the SMS provider's sandbox, e-mails only to the account's
// members); a refusal is a failed send the merchant sees, never an error, since nobody waits.
//
// At most once per link and channel: each send carries the dedupeKey "<linkId>:receipt:<channel>",
// unique in LinkSend, looked up before anything is spent and enforced when the row is written, so
// a re-run (a crash after a send, a rival runner) never texts or mails twice. The price: a process
// that dies between writing the row and the provider's answer leaves that send queued and unsent.
//
// Language: the merchant's checkout language (dashboard settings), else French, as a link send
// without `language` does: the checkout does not keep the language each customer read it in.

const RECEIPTS_BY = "receipt";
const email = z.email();

/** The address links in receipts use: the public one (BETTER_AUTH_URL, PAYMENT_BASE_URL over it in paymentUrl), a local one in development. */
function receiptOrigin(): string {
  return configuredPublicOrigin() ?? `http://localhost:${process.env.PORT ?? 3000}`;
}

export function receiptUrl(reference: string, environment: Environment, origin = receiptOrigin()): string {
  return `${paymentUrl(reference, environment, origin)}/receipt`;
}

export const receiptDedupeKey = (linkId: string, channel: LinkSendChannel) => `${linkId}:receipt:${channel}`;

/**
 * Sends one paid link's receipt messages (those not sent yet) and clears its receiptDueAt: how many
 * sends it wrote, or null when no receipt is due (none queued, already handled, or not committed yet).
 */
export async function sendLinkReceipt(client: DbClient, linkId: string): Promise<number | null> {
  const link = await client.paymentLink.findUnique({ where: { id: linkId }, include: { merchant: { select: { name: true, defaultLanguage: true, sendReceipts: true } } } });
  if (!link?.receiptDueAt) return null;
  const deposit = link.paidByDepositId ? await client.deposit.findUnique({ where: { id: link.paidByDepositId } }) : null;
  let sent = 0;
  // Turned off since the payment: the merchant no longer wants them sent.
  if (link.merchant.sendReceipts && deposit?.status === "completed") {
    const locale: Locale = isLocale(link.merchant.defaultLanguage ?? undefined) ? (link.merchant.defaultLanguage as Locale) : "fr";
    const receipt: ReceiptForMessage = {
      merchantName: link.merchant.name,
      amountMinor: link.amountMinor,
      currency: link.currency,
      description: link.description,
      receiptUrl: receiptUrl(link.reference, link.environment),
      environment: link.environment,
    };
    const base = { link, merchantId: link.merchantId, environment: link.environment, requestedBy: RECEIPTS_BY, purpose: "receipt" as const, refusals: "record" as const };
    const message = { sms: () => receiptSms(receipt, locale), mail: (to: string) => receiptMail(receipt, locale, to) };

    const phone = internationalPhone(deposit.customerPhone, deposit.country);
    if ("phone" in phone) {
      const send = { ...base, channel: "sms" as const, recipient: phone.phone, dedupeKey: receiptDedupeKey(link.id, "sms") };
      if (await sendOnce(client, send, () => smsReceipt(client, send, message))) sent++;
    }
    const address = link.customerEmail?.trim().toLowerCase();
    if (address && email.safeParse(address).success) {
      const send = { ...base, channel: "email" as const, recipient: address, dedupeKey: receiptDedupeKey(link.id, "email") };
      if (await sendOnce(client, send, () => deliverSend(client, { ...send, sms: null, message }))) sent++;
    }
  }
  // Only the due time this pass read: a newer one (none is written today) would stay due.
  await client.paymentLink.updateMany({ where: { id: link.id, receiptDueAt: link.receiptDueAt }, data: { receiptDueAt: null } });
  return sent;
}

type ReceiptSend = Omit<SendToDeliver, "sms" | "message" | "refusals"> & { dedupeKey: string };

/** Runs `send` unless this receipt was sent (or refused) already; whether a row was written now. */
async function sendOnce(client: DbClient, send: ReceiptSend, run: () => Promise<unknown>): Promise<boolean> {
  if (await client.linkSend.findUnique({ where: { dedupeKey: send.dedupeKey }, select: { id: true } })) return false;
  return (await run()) !== null;
}

/** A text only to a mobile number of a served country, and only with a provider for the environment. */
function smsReceipt(client: DbClient, send: ReceiptSend, message: SendToDeliver["message"]) {
  if (smsDestinationRefusal(send.recipient)) return recordFailedSend(client, send, "not_textable");
  const sms = smsAvailability(send.environment);
  if (!sms.provider) return recordFailedSend(client, send, "sms_unavailable");
  return deliverSend(client, { ...send, sms, message, refusals: "record" });
}

/**
 * One pass over the receipts due: claims up to `batchSize` links (the same lease as the other
 * due work, so runners in several processes share them), sends each, and gives back those that
 * threw, to try again a minute later (FAILED_ROW_RETRY_MS).
 */
export async function sendDueReceipts(client: DbClient, now: Date, batchSize: number): Promise<{ claimed: number; sent: number }> {
  const { claimed, counted } = await eachDueRow(
    client,
    "PaymentLink",
    { due: Prisma.sql`"receiptDueAt" IS NOT NULL AND "receiptDueAt" <= ${now}::timestamp(3)`, orderBy: Prisma.sql`"receiptDueAt"`, limit: batchSize, now },
    {
      work: async ({ id }) => (await sendLinkReceipt(client, id)) ?? 0,
      failed: ({ id }, error) => log("error", "due work failed: receipt", { id, ...errorFields(error) }),
    },
  );
  return { claimed, sent: counted };
}
