import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { getLinkOrThrow } from "@/lib/features/links/get-link-or-throw";

/** A link's sends, newest first (at most 100: the limits keep a link far below that). */
export async function listLinkSends(client: DbClient, options: { reference: string; merchantId: string; environment: Environment }) {
  const link = await getLinkOrThrow(client, options);
  const sends = await client.linkSend.findMany({ where: { paymentLinkId: link.id }, orderBy: { createdAt: "desc" }, take: 100 });
  return { link, sends };
}
