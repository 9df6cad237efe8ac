import { describe, expect, it } from "vitest";
import { AccessTokenCache } from "./access-token";

describe("access token cache", () => {
  it("keeps a token for its lifetime less a margin, and asks once for concurrent callers", async () => {
    let now = 0;
    let issued = 0;
    const cache = new AccessTokenCache(async () => ({ accessToken: `t${++issued}`, expiresInSeconds: 3600 }), () => now);
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual(["t1", "t1", "t1"]);
    now = 3540 * 1000 - 1; // 60 s margin (a tenth of an hour is more: at most 60 s)
    expect(await cache.get()).toBe("t1");
    now = 3540 * 1000;
    expect(await cache.get()).toBe("t2");
    expect(issued).toBe(2);
  });

  it("forgets a refused token, and never keeps a failed issue", async () => {
    let issued = 0;
    let fail = true;
    const cache = new AccessTokenCache(async () => {
      if (fail) throw new Error("operator down");
      return { accessToken: `t${++issued}`, expiresInSeconds: 300 };
    });
    await expect(cache.get()).rejects.toThrow("operator down");
    fail = false;
    expect(await cache.get()).toBe("t1");
    cache.invalidate("other");
    expect(await cache.get()).toBe("t1");
    cache.invalidate("t1");
    expect(await cache.get()).toBe("t2");
  });
});
