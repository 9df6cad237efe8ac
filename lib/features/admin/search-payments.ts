import type { DbClient } from "@/lib/core/db/client";
import { withMerchantNames } from "./list-transfers";

const LIMIT = 20;

/**
 * One box for every question support gets: a link, deposit, invoice or transfer by any of its
 * references, a customer's or beneficiary's phone, a customer's e-mail, or a merchant's name.
 */
export async function searchPayments(client: DbClient, query: string) {
  const q = query.trim();
  if (!q) return { links: [], deposits: [], transfers: [], merchants: [] };
  const reference = q.toUpperCase();
  const phone = /^\+?\d{6,15}$/.test(q.replace(/[\s-]/g, "")) ? `+${q.replace(/[^\d]/g, "")}` : null;
  const email = q.includes("@") ? q.toLowerCase() : null;

  // Links and deposits both carry the customer's phone and e-mail.
  const byCustomer = [
    ...(phone ? [{ customerPhone: phone }] : []),
    ...(email ? [{ customerEmail: { equals: email, mode: "insensitive" as const } }] : []),
  ];
  const newestWithMerchant = { include: { merchant: { select: { name: true } } }, orderBy: { id: "desc" as const }, take: LIMIT };

  const [links, deposits, transfers, merchants] = await Promise.all([
    client.paymentLink.findMany({ where: { OR: [{ reference }, ...byCustomer] }, ...newestWithMerchant }),
    client.deposit.findMany({ where: { OR: [{ reference }, { validatedReference: reference }, ...byCustomer] }, ...newestWithMerchant }),
    client.transfer.findMany({
      where: { OR: [{ reference }, ...(phone ? [{ beneficiaryPhone: phone }] : [])] },
      orderBy: { id: "desc" },
      take: LIMIT,
    }),
    client.merchant.findMany({
      where: { OR: [{ name: { contains: q, mode: "insensitive" } }, { id: q }] },
      orderBy: { createdAt: "desc" },
      take: LIMIT,
      select: { id: true, name: true, createdAt: true },
    }),
  ]);
  return { links, deposits, transfers: await withMerchantNames(client, transfers), merchants };
}
