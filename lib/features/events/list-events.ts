import type { Prisma } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { EVENT_TYPES, EVENTS_PAGE_DEFAULT, type ListEventsQuery } from "@/lib/core/schemas/event";
import { eventRowInclude, toEventJson } from "./transform-event";

/**
 * One page of a merchant's events in one environment, newest first, by id (a ULID: creation
 * order). The cursor is an id compared, not looked up, so a page stays valid when its cursor
 * event has since been deleted by retention, and events recorded meanwhile only ever appear
 * before the first page: walking `startingAfter` never skips nor repeats one.
 * `endingBefore` gives the events just newer than the cursor (still newest first), which is how
 * a follower (npm run webhooks:listen) asks for what is new.
 */
export async function listEvents(client: DbClient, options: { merchantId: string; environment: Environment; query: ListEventsQuery }) {
  const { query } = options;
  const limit = query.limit ?? EVENTS_PAGE_DEFAULT;
  const backwards = query.endingBefore !== undefined;
  const where: Prisma.WebhookEventWhereInput = {
    merchantId: options.merchantId,
    environment: options.environment,
    // The dashboard's "send a test event" (webhook.test) is a delivery check, not an event of a
    // resource: the list holds the documented types only.
    type: { in: query.type ?? [...EVENT_TYPES] },
    ...(query.reference ? { reference: query.reference } : {}),
    ...(query.createdAfter || query.createdBefore
      ? { createdAt: { ...(query.createdAfter ? { gt: query.createdAfter } : {}), ...(query.createdBefore ? { lt: query.createdBefore } : {}) } }
      : {}),
    ...(query.startingAfter ? { id: { lt: query.startingAfter } } : {}),
    ...(query.endingBefore ? { id: { gt: query.endingBefore } } : {}),
  };
  // One more than the page tells whether there is more; going backwards the nearest newer
  // events are the lowest ids, taken in ascending order and then turned round.
  const rows = await client.webhookEvent.findMany({ where, include: eventRowInclude, orderBy: { id: backwards ? "asc" : "desc" }, take: limit + 1 });
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  if (backwards) page.reverse();
  return { data: page.map(toEventJson), hasMore };
}
