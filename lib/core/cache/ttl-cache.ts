// A per-process map whose entries expire, for rows that most requests read and that change
// rarely (API keys, the gateway catalog). The TTL comes from an environment variable, read on
// each use so a test can change it; 0 turns the cache off. Bounded: when full it starts over.
const MAX_ENTRIES = 10_000;

// Next.js bundles route handlers and pages (with their server actions) separately, each with its
// own copy of this module: the maps live on globalThis, one per TTL variable, so a dashboard
// action that revokes a key clears the entry the API routes of the same process read.
const shared = ((globalThis as { __pcsTtlCaches?: Map<string, Map<string, unknown>> }).__pcsTtlCaches ??= new Map());

export function ttlCache<V>(ttlVariable: string, defaultMs: number) {
  if (!shared.has(ttlVariable)) shared.set(ttlVariable, new Map());
  const entries = shared.get(ttlVariable) as Map<string, { value: V; expires: number }>;
  const ttl = () => {
    const value = Number(process.env[ttlVariable] ?? defaultMs);
    return Number.isFinite(value) && value >= 0 ? value : defaultMs;
  };
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      // Off means off for what was kept before too (a test that turns it off after another
      // file of its worker filled it).
      if (entry.expires <= Date.now() || ttl() === 0) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: string, value: V) {
      const ms = ttl();
      if (ms === 0) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { value, expires: Date.now() + ms });
    },
    delete(key: string) {
      entries.delete(key);
    },
    deleteWhere(matches: (value: V) => boolean) {
      for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key);
    },
  };
}
