import type { PaymentLink } from "@prisma/client";
import { ulid } from "@/lib/core/domain/ulid";
import type { DbClient } from "@/lib/core/db/client";
import { writePrepared, type PreparedRow } from "@/lib/core/db/prepared-row";
import type { Environment } from "@/lib/core/domain/environment";
import { toMinor } from "@/lib/core/domain/money";
import { newReference } from "@/lib/core/domain/references";
import { sendJobTrigger } from "@/lib/integrations/inngest/send-job-trigger";
import { truncateToSecond } from "@/lib/core/domain/time";
import { newPaymentLinkRow, paymentLinkInsert, type NewPaymentLink } from "./payment-link-sql";
import { LINK_DEFAULT_LIFETIME_SECONDS, type CreatePaymentLinkInput } from "@/lib/core/schemas/payment-link";

type Options = {
  merchantId: string;
  environment: Environment;
  input: CreatePaymentLinkInput;
  now?: Date;
  /** The reference of the payment page this link is made from for one customer (lib/features/payment-pages); none for an ordinary link. */
  paymentPageReference?: string;
};

/**
 * A new link before anything is written: its row, its INSERT, and what follows the write (the
 * expiry's job). The API's create runs the INSERT with its Idempotency-Key's record in one statement
 * (runIdempotentInsert); everything else through createPaymentLink.
 */
export function preparePaymentLink({ merchantId, environment, input, now = new Date(), paymentPageReference }: Options): PreparedRow<PaymentLink> {
  // Link timestamps have whole seconds: store them that way so every reader agrees.
  const createdAt = truncateToSecond(now);
  const lifetime = input.expiresIn ?? LINK_DEFAULT_LIFETIME_SECONDS;
  const amountMinor = toMinor(input.amount, input.currency);
  if (amountMinor === null) throw new Error("amount was validated against its currency");

  const data: NewPaymentLink = {
    id: `pl_${ulid()}`,
    reference: newReference("link", environment),
    merchantId,
    environment,
    amountMinor,
    currency: input.currency,
    description: input.description,
    customerName: input.customerName ?? null,
    customerEmail: input.customerEmail ?? null,
    customerPhone: input.customerPhone ?? null,
    callbackUrl: input.callbackUrl ?? null,
    returnUrl: input.returnUrl ?? null,
    metadata: input.metadata ?? null,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + lifetime * 1000),
    paymentPageReference: paymentPageReference ?? null,
  };
  const link = newPaymentLinkRow(data);
  return {
    row: link,
    insert: paymentLinkInsert(data),
    // With Inngest, a function sleeps until expiresAt; without, the embedded runner finds it due.
    written: () => sendJobTrigger({ name: "payment-link/created", data: { linkId: link.id, expiresAt: link.expiresAt.toISOString() } }),
  };
}

/** Writes a new link in `client` (the database, or an open transaction). */
export async function createPaymentLink(client: DbClient, options: Options) {
  return writePrepared(client, preparePaymentLink(options));
}
