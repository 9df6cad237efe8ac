import type { PaymentPage } from "@prisma/client";
import { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { toMinor } from "@/lib/core/domain/money";
import { newReference } from "@/lib/core/domain/references";
import { truncateToSecond } from "@/lib/core/domain/time";
import { ulid } from "@/lib/core/domain/ulid";
import type { CreatePaymentPageInput } from "@/lib/core/schemas/payment-page";
import { claimingSlug } from "./page-slug-taken";

type Options = { merchantId: string; environment: Environment; input: CreatePaymentPageInput; now?: Date };

/** A validated amount to minor units (the schema checked its decimals); absent stays null. */
function minor(amount: number | undefined, currency: string): bigint | null {
  if (amount === undefined) return null;
  const value = toMinor(amount, currency);
  if (value === null) throw new Error("amount was validated against its currency");
  return value;
}

/**
 * A new payment page, active. A set price (amount) or a range the customer types in
 * (minAmount..maxAmount, stored as given: the link's limits apply where one is absent). One
 * insert: nothing is half-written; a slug another page holds refuses it whole (409).
 */
export async function createPaymentPage(client: DbClient, { merchantId, environment, input, now = new Date() }: Options): Promise<PaymentPage> {
  // Whole seconds, as links: every reader agrees on the times.
  const createdAt = truncateToSecond(now);
  return claimingSlug(input.slug, () =>
    client.paymentPage.create({
      data: {
        id: `pp_${ulid()}`,
        reference: newReference("page", environment),
        slug: input.slug ?? null,
        merchantId,
        environment,
        description: input.description,
        currency: input.currency,
        amountMinor: minor(input.amount, input.currency),
        minAmountMinor: minor(input.minAmount, input.currency),
        maxAmountMinor: minor(input.maxAmount, input.currency),
        maxPayments: input.maxPayments ?? null,
        callbackUrl: input.callbackUrl ?? null,
        returnUrl: input.returnUrl ?? null,
        metadata: input.metadata ?? Prisma.DbNull,
        createdAt,
        expiresAt: input.expiresIn === undefined ? null : new Date(createdAt.getTime() + input.expiresIn * 1000),
      },
    }),
  );
}
