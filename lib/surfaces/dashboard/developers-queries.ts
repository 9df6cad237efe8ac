import "server-only";
import { db, sqlOn } from "@/lib/core/db/client";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { firstStepsState } from "@/lib/features/api-keys/first-keys";
import { listApiKeys } from "@/lib/features/api-keys/manage-api-keys";
import { readKeyUsage } from "@/lib/features/api-keys/key-usage";
import { readDeliveryFigures } from "@/lib/features/webhooks/delivery-figures";
import { listWebhookDeliveries, webhookSecretStatus } from "@/lib/features/webhooks/manage-webhooks";
import { getMerchantEvent, listMerchantEvents } from "@/lib/features/events/merchant-events";

/**
 * The developers page: the scope's API keys, each with its requests of the last 24 hours, webhook
 * secret status, its webhook endpoints' figures (delivery-figures.ts), one page of its webhook
 * deliveries (from `cursor`) and its first steps. Everything within the scope: its merchant and
 * environment.
 */
export async function getDevelopersPage(scope: MerchantScope, cursor?: string, now = new Date()) {
  const [keys, usage, secret, endpoints, log, firstSteps] = await Promise.all([
    listApiKeys(db(), scope),
    readKeyUsage(sqlOn(db()), scope, now),
    webhookSecretStatus(db(), scope),
    readDeliveryFigures(sqlOn(db()), scope, now),
    listWebhookDeliveries(db(), scope, cursor),
    firstStepsState(db(), scope),
  ]);
  const none = { requests: 0, clientErrors: 0, serverErrors: 0, clientErrorRate: null, serverErrorRate: null };
  return { keys: keys.map((key) => ({ ...key, usage: usage.get(key.id) ?? none })), secret, endpoints, log, firstSteps };
}

/** The events page: one page of the scope's webhook events (from `cursor`). */
export const getEventsPage = (scope: MerchantScope, cursor?: string) => listMerchantEvents(db(), scope, cursor);

/** One event's page: its payload and deliveries, or null when it is not the scope's. */
export const getEventPage = (scope: MerchantScope, id: string) => getMerchantEvent(db(), scope, id);
