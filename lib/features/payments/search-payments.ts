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
 * A payer's name, when the query may be one: letters, at least 3 characters, no "@" (an e-mail)
 * and not a reference or a number. Matched as a part of the stored name, in any case.
 */
export function nameQuery(query: string): string | null {
  const q = query.trim().replace(/\s+/g, " ");
  if (q.length < 3 || q.length > 100 || q.includes("@") || !/\p{L}/u.test(q)) return null;
  if (/^[A-Z]+_/i.test(q) && !q.includes(" ")) return null;
  return q;
}

/**
 * One box for every question support gets: a link, deposit, invoice or transfer by any of its
 * references, the operator's transaction id (from the customer's SMS) or our request id at the
 * operator, a customer's or beneficiary's phone (international or local), a customer's e-mail or
 * name, or a merchant by its name, its id or the e-mail of one of its dashboard members.
 * A deposit that is a checkout attempt comes with its payment link's reference, so each result
 * leads to the link it paid (or tried to).
 */
export async function searchPayments(client: DbClient, query: string) {
  const q = query.trim();
  if (!q) return { links: [], deposits: [], transfers: [], merchants: [] };
  const reference = q.toUpperCase();
  const phones = phoneCandidates(q);
  const email = q.includes("@") ? q.toLowerCase() : null;
  const name = nameQuery(q);
  // Operators' transaction ids are case-sensitive for some, typed in any case by people: both forms
  // (an equality each, which the index on operatorReference serves).
  const operatorIds = [...new Set([q, reference])];

  // Links and deposits both carry the customer's phone, e-mail and name.
  const byCustomer = [
    ...(phones.length ? [{ customerPhone: { in: phones } }] : []),
    ...(email ? [{ customerEmail: { equals: email, mode: "insensitive" as const } }] : []),
    ...(name ? [{ customerName: { contains: name, mode: "insensitive" as const } }] : []),
  ];
  const newestWithMerchant = { include: { merchant: { select: { name: true } } }, orderBy: { id: "desc" as const }, take: LIMIT };

  const [links, deposits, transfers, merchants] = await Promise.all([
    client.paymentLink.findMany({ where: { OR: [{ reference }, ...byCustomer] }, ...newestWithMerchant }),
    client.deposit.findMany({
      where: {
        OR: [
          { reference },
          { validatedReference: reference },
          { operatorReference: { in: operatorIds } },
          // Our own id at the operator (a UUID, stored in lower case): what an operator's support quotes back.
          { operatorRequestId: { in: [...new Set([...operatorIds, q.toLowerCase()])] } },
          ...byCustomer,
        ],
      },
      include: { merchant: { select: { name: true } }, paymentLink: { select: { reference: true } } },
      orderBy: { id: "desc" },
      take: LIMIT,
    }),
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
