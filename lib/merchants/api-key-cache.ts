import type { ApiKey } from "@prisma/client";

// Every authenticated request looked its key up in the database; under load that one query is a
// large share of a cheap request. Rows are kept a few seconds per process. A revocation through
// the support view forgets the key here at once; another process honours it within the TTL.
//   API_KEY_CACHE_TTL_MS  default 5000; 0 turns the cache off
const MAX_ENTRIES = 10_000;
const entries = new Map<string, { key: ApiKey; expires: number }>();

const ttl = () => {
  const value = Number(process.env.API_KEY_CACHE_TTL_MS ?? 5000);
  return Number.isFinite(value) && value >= 0 ? value : 5000;
};

export function cachedApiKey(hash: string): ApiKey | undefined {
  const entry = entries.get(hash);
  if (!entry) return undefined;
  if (entry.expires <= Date.now()) {
    entries.delete(hash);
    return undefined;
  }
  return entry.key;
}

/** Only found, unrevoked keys are kept: an unknown key is looked up each time. */
export function cacheApiKey(hash: string, key: ApiKey) {
  const ms = ttl();
  if (ms === 0 || key.revokedAt) return;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(hash, { key, expires: Date.now() + ms });
}

export function forgetApiKey(keyId: string) {
  for (const [hash, entry] of entries) if (entry.key.id === keyId) entries.delete(hash);
}
