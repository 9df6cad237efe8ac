import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { notFound } from "@/lib/core/errors/domain-error";
import { EVENT_TYPES } from "@/lib/core/schemas/event";
import { eventRowInclude, toEventJson } from "./transform-event";

/**
 * A merchant's event; another merchant's or environment's is "not found", like an unknown id, and
 * so is a dashboard test delivery (webhook.test): the events API holds the documented types only.
 */
export async function getEventOrThrow(client: DbClient, options: { id: string; merchantId: string; environment: Environment }) {
  const row = await client.webhookEvent.findUnique({ where: { id: options.id }, include: eventRowInclude });
  if (!row || row.merchantId !== options.merchantId || row.environment !== options.environment || !(EVENT_TYPES as readonly string[]).includes(row.type)) throw notFound("Event", options.id);
  return toEventJson(row);
}
