import type { ApiKey } from "@prisma/client";
import { ttlCache } from "@/lib/core/cache/ttl-cache";

// Every authenticated request looked its key up in the database; under load that one query is a
// large share of a cheap request. Rows are kept a few seconds per process. A revocation through
// the support view forgets the key here at once; another process honours it within the TTL.
//   API_KEY_CACHE_TTL_MS  default 5000; 0 turns it off
// A key is kept with its merchant's live activation (live-activation.ts): an approval forgets the
// merchant's keys here at once (forgetMerchantApiKeys), another process sees it within the TTL.
// makerGone: the member who made it (createdByUserId) is no longer a member of the merchant.
export type CachedApiKey = ApiKey & { merchant: { liveActivatedAt: Date | null }; makerGone?: boolean };

const keys = ttlCache<CachedApiKey>("API_KEY_CACHE_TTL_MS", 5000);

export function cachedApiKey(hash: string): CachedApiKey | undefined {
  return keys.get(hash);
}

/** Only found, unrevoked keys are kept: an unknown key is looked up each time. */
export function cacheApiKey(hash: string, key: CachedApiKey) {
  if (!key.revokedAt) keys.set(hash, key);
}

export function forgetApiKey(keyId: string) {
  keys.deleteWhere((key) => key.id === keyId);
}

/** Every key of a merchant, after something every key reads changed (its live activation). */
export function forgetMerchantApiKeys(merchantId: string) {
  keys.deleteWhere((key) => key.merchantId === merchantId);
}
