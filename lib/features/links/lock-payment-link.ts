import type { Prisma } from "@prisma/client";

/** Row-locks a link until the transaction ends: changes to a link and its attempts serialize here. */
export async function lockPaymentLink(tx: Prisma.TransactionClient, id: string) {
  await tx.$queryRaw`SELECT id FROM "PaymentLink" WHERE id = ${id} FOR UPDATE`;
}
