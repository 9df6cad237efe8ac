import type { DbClient } from "@/lib/core/db/client";

/** The reference of the payment page a link was made from, or null for an ordinary link (no query then). */
export async function pageReferenceOfLink(client: DbClient, link: { paymentPageId: string | null }): Promise<string | null> {
  if (!link.paymentPageId) return null;
  const page = await client.paymentPage.findUnique({ where: { id: link.paymentPageId }, select: { reference: true } });
  return page?.reference ?? null;
}
