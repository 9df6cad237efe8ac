import { Prisma } from "@prisma/client";
import { ulid } from "@/lib/core/domain/ulid";
import { directSql, type DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { toMinor } from "@/lib/core/domain/money";
import { newReference } from "@/lib/core/domain/references";
import { sendJobTrigger } from "@/lib/integrations/inngest/send-job-trigger";
import { truncateToSecond } from "@/lib/core/domain/time";
import { insertPaymentLink, type NewPaymentLink } from "./payment-link-sql";
import { LINK_DEFAULT_LIFETIME_SECONDS, type CreatePaymentLinkInput } from "@/lib/core/schemas/payment-link";

type Options = {
  merchantId: string;
  environment: Environment;
  input: CreatePaymentLinkInput;
  now?: Date;
  /** The reference of the payment page this link is made from for one customer (lib/features/payment-pages); none for an ordinary link. */
  paymentPageReference?: string;
};

export async function createPaymentLink(client: DbClient, { merchantId, environment, input, now = new Date(), paymentPageReference }: Options) {
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
  // Outside a transaction (no Idempotency-Key) the insert skips Prisma: the API's hottest write.
  const sql = directSql(client);
  const link = sql
    ? await insertPaymentLink(sql, data)
    : await client.paymentLink.create({ data: { ...data, metadata: data.metadata ?? Prisma.DbNull } });
  // With Inngest, a function sleeps until expiresAt; without, the embedded runner finds it due.
  sendJobTrigger({ name: "payment-link/created", data: { linkId: link.id, expiresAt: link.expiresAt.toISOString() } });
  return link;
}
