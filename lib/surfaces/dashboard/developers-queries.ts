import "server-only";
import { db } from "@/lib/core/db/client";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { firstStepsState } from "@/lib/features/api-keys/first-keys";
import { listApiKeys } from "@/lib/features/api-keys/manage-api-keys";
import { listWebhookDeliveries, webhookSecretStatus } from "@/lib/features/webhooks/manage-webhooks";
import { getMerchantEvent, listMerchantEvents } from "@/lib/features/events/merchant-events";

/** The developers page: the scope's API keys, webhook secret status, one page of its webhook deliveries (from `cursor`) and its first steps. */
export async function getDevelopersPage(scope: MerchantScope, cursor?: string) {
  const [keys, secret, log, firstSteps] = await Promise.all([
    listApiKeys(db(), scope),
    webhookSecretStatus(db(), scope),
    listWebhookDeliveries(db(), scope, cursor),
    firstStepsState(db(), scope),
  ]);
  return { keys, secret, log, firstSteps };
}

/** The events page: one page of the scope's webhook events (from `cursor`). */
export const getEventsPage = (scope: MerchantScope, cursor?: string) => listMerchantEvents(db(), scope, cursor);

/** One event's page: its payload and deliveries, or null when it is not the scope's. */
export const getEventPage = (scope: MerchantScope, id: string) => getMerchantEvent(db(), scope, id);
