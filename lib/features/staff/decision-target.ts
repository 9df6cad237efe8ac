import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { notFound } from "@/lib/core/errors/domain-error";

// Whose money a support decision is about: the merchant and environment of the transfer, refund
// or held payment it names. Read before the decision, to scope its form's one-time token
// (lib/surfaces/http/support-route.ts, `once`); an unknown reference is the decision's own 404.

export type DecisionTarget = { merchantId: string; environment: Environment };

const owner = { merchantId: true, environment: true } as const;

export async function transferTarget(client: DbClient, reference: string): Promise<DecisionTarget> {
  return (await client.transfer.findUnique({ where: { reference }, select: owner })) ?? Promise.reject(notFound("Transfer"));
}

export async function refundTarget(client: DbClient, reference: string): Promise<DecisionTarget> {
  return (await client.refund.findUnique({ where: { reference }, select: owner })) ?? Promise.reject(notFound("Refund", reference));
}

/** A payment by its reference or its validated one (an OTP deposit's), as support's hold decision finds it. */
export async function paymentTarget(client: DbClient, reference: string): Promise<DecisionTarget> {
  const deposit = await client.deposit.findFirst({ where: { OR: [{ reference }, { validatedReference: reference }] }, select: owner });
  return deposit ?? Promise.reject(notFound("Payment", reference));
}
