import type { DbClient } from "@/lib/core/db/client";
import { normalizePhone, phoneDigits } from "@/lib/core/domain/phone";
import { SERVED_COUNTRIES } from "@/lib/core/domain/served-countries";
import { withMerchantNames } from "@/lib/features/transfers/list-transfers";

const LIMIT = 20;

/**
 * The E.164 numbers a typed phone may be, read as the dashboard reads it (lib/core/domain/phone.ts).
 * An international form is one number; a local one ("07 00 00 04 44", as a shopkeeper types it)
 * carries no country, so it is read in each country we serve and any of them may match.
 */
export function phoneCandidates(query: string): string[] {
  const compact = phoneDigits(query.trim());
  if (!/^(\+|00)?\d{6,15}$/.test(compact)) return [];
  const international = normalizePhone(compact, null);
  if (international) return [international];
  const found = new Set(SERVED_COUNTRIES.map((country) => normalizePhone(compact, country)).filter((phone): phone is string => phone !== null));
  // Digits with the country code but no "+" of a country we do not serve (as before: "+" and the digits).
  if (/^[1-9]\d{7,14}$/.test(compact)) found.add(`+${compact}`);
  return [...found];
}

/**
 * One box for every question support gets: a link, deposit, invoice or transfer by any of its
 * references, a customer's or beneficiary's phone (international or local), a customer's e-mail,
 * or a merchant by its name, its id or the e-mail of one of its dashboard members.
 */
export async function searchPayments(client: DbClient, query: string) {
  const q = query.trim();
  if (!q) return { links: [], deposits: [], transfers: [], merchants: [] };
  const reference = q.toUpperCase();
  const phones = phoneCandidates(q);
  const email = q.includes("@") ? q.toLowerCase() : null;

  // Links and deposits both carry the customer's phone and e-mail.
  const byCustomer = [
    ...(phones.length ? [{ customerPhone: { in: phones } }] : []),
    ...(email ? [{ customerEmail: { equals: email, mode: "insensitive" as const } }] : []),
  ];
  const newestWithMerchant = { include: { merchant: { select: { name: true } } }, orderBy: { id: "desc" as const }, take: LIMIT };

  const [links, deposits, transfers, merchants] = await Promise.all([
    client.paymentLink.findMany({ where: { OR: [{ reference }, ...byCustomer] }, ...newestWithMerchant }),
    client.deposit.findMany({ where: { OR: [{ reference }, { validatedReference: reference }, ...byCustomer] }, ...newestWithMerchant }),
    client.transfer.findMany({
      where: { OR: [{ reference }, ...(phones.length ? [{ beneficiaryPhone: { in: phones } }] : [])] },
      orderBy: { id: "desc" },
      take: LIMIT,
    }),
    client.merchant.findMany({
      where: {
        OR: [
          { name: { contains: q, mode: "insensitive" } },
          { id: q },
          // Users' e-mails are stored in lower case (better-auth): an equality the unique index serves.
          ...(email ? [{ organization: { members: { some: { user: { email } } } } }] : []),
        ],
      },
      orderBy: { createdAt: "desc" },
      take: LIMIT,
      select: { id: true, name: true, createdAt: true },
    }),
  ]);
  return { links, deposits, transfers: await withMerchantNames(client, transfers), merchants };
}
