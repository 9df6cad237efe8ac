import type { DbClient } from "@/lib/core/db/client";

/**
 * Who acts on a batch: a member on the dashboard (userId), or an API key (apiKeyId) on behalf of
 * the member who made it (userId: the key's maker; null for a key nobody is recorded to have made,
 * by the CLI or support: such a key may make batches but never approve one).
 */
export type BatchActor = { userId: string | null; apiKeyId: string | null };

/** The actor of a request made with an API key: the key and its maker. */
export async function keyActor(client: DbClient, apiKeyId: string): Promise<BatchActor> {
  const key = await client.apiKey.findUnique({ where: { id: apiKeyId }, select: { createdByUserId: true } });
  return { userId: key?.createdByUserId ?? null, apiKeyId };
}

/** The actor of a dashboard action. */
export const memberActor = (userId: string): BatchActor => ({ userId, apiKeyId: null });
