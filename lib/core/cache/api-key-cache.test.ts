import { afterEach, describe, expect, it, vi } from "vitest";
import { cacheApiKey, cachedApiKey, forgetApiKey, forgetMerchantApiKeys, type CachedApiKey } from "./api-key-cache";

const row = (id: string, revokedAt: Date | null = null, merchantId = "mer_1") => ({ id, revokedAt, merchantId, merchant: { liveActivatedAt: null } }) as CachedApiKey;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("the API key cache", () => {
  it("keeps a key for the TTL only", () => {
    vi.useFakeTimers();
    vi.stubEnv("API_KEY_CACHE_TTL_MS", "1000");
    cacheApiKey("h1", row("k1"));
    expect(cachedApiKey("h1")?.id).toBe("k1");
    vi.advanceTimersByTime(1001);
    expect(cachedApiKey("h1")).toBeUndefined();
  });

  it("forgets a revoked key at once, and never keeps a revoked row", () => {
    cacheApiKey("h2", row("k2"));
    forgetApiKey("k2");
    expect(cachedApiKey("h2")).toBeUndefined();
    cacheApiKey("h3", row("k3", new Date()));
    expect(cachedApiKey("h3")).toBeUndefined();
  });

  it("forgets every key of a merchant whose live activation changed, and only those", () => {
    cacheApiKey("h4", row("k4", null, "mer_a"));
    cacheApiKey("h5", row("k5", null, "mer_a"));
    cacheApiKey("h6", row("k6", null, "mer_b"));
    forgetMerchantApiKeys("mer_a");
    expect([cachedApiKey("h4"), cachedApiKey("h5")]).toEqual([undefined, undefined]);
    expect(cachedApiKey("h6")?.id).toBe("k6");
  });

  it("is off with a TTL of 0", () => {
    vi.stubEnv("API_KEY_CACHE_TTL_MS", "0");
    cacheApiKey("h4", row("k4"));
    expect(cachedApiKey("h4")).toBeUndefined();
  });
});
