import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signInAction } from "@/app/dashboard/(auth)/actions";
import { createAuth } from "@/lib/features/auth/auth";
import { db } from "@/lib/core/db/client";
import { ORIGIN } from "../helpers/api-client";
import { AuthBrowser, PASSWORD, signedUpMerchant } from "../helpers/auth-session";

// Issue 27 (4): better-auth sees the client's address by the service's one rule
// (lib/core/request/client-address.ts: the socket's address, or with TRUSTED_PROXIES the right-most
// untrusted X-Forwarded-For entry). Here the X-Forwarded-For of a request plays what
// server/front-door.cjs hands the app: whatever the client (or a proxy) sent, then the socket.
// better-auth's own limits still guard its routes our sign-in limits do not cover, such as the
// two-factor codes (3 per 10 s and address): turned on here as in production.

const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false, set: () => undefined, delete: () => undefined }),
}));

const globalForAuth = globalThis as unknown as { __pcsAuth?: unknown };
beforeEach(() => {
  globalForAuth.__pcsAuth = { client: db(), auth: createAuth(db(), { rateLimitEnabled: true }) };
});
afterEach(() => {
  globalForAuth.__pcsAuth = undefined;
  vi.unstubAllEnvs();
});

/** A two-factor code without a pending sign-in: refused (401) until the address's limit, then 429. */
const code = (forwardedFor: string) => new AuthBrowser().request("POST", "/api/auth/two-factor/verify-totp", { code: "000000" }, { "x-forwarded-for": forwardedFor });

async function spend(forwardedFor: string, times: number) {
  for (let i = 0; i < times; i++) expect((await code(forwardedFor)).status).not.toBe(429);
}

describe("better-auth's limits key on the service's client address", () => {
  it("behind a trusted proxy, each client has its own bucket, and a forged entry does not pick another's", async () => {
    vi.stubEnv("TRUSTED_PROXIES", "10.0.0.1");
    const proxy = "10.0.0.1";
    await spend(`203.0.113.5, ${proxy}`, 3);
    expect((await code(`203.0.113.5, ${proxy}`)).status).toBe(429);
    // Another client behind the same proxy is not limited by the first one's requests.
    expect((await code(`198.51.100.9, ${proxy}`)).status).not.toBe(429);
    // A client that sends X-Forwarded-For: 203.0.113.5 itself: the proxy appends its real address.
    expect((await code(`203.0.113.5, 198.51.100.20, ${proxy}`)).status).not.toBe(429);
  });

  it("without trusted proxies, the socket's address is the client: a forged X-Forwarded-For neither shares a bucket nor chooses one", async () => {
    await spend("1.2.3.4, 198.51.100.30", 3);
    expect((await code("1.2.3.4, 198.51.100.30")).status).toBe(429);
    // Another client forging another address is not in the first forger's bucket...
    expect((await code("5.6.7.8, 198.51.100.31")).status).not.toBe(429);
    // ...and the address the first one claimed was not charged.
    expect((await code("1.2.3.4")).status).not.toBe(429);
  });

  it("a session remembers the client's address, whether opened by the sign-in form or by /api/auth", async () => {
    const { email } = await signedUpMerchant();
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    const newest = async () => (await db().session.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: "desc" } })).ipAddress;

    expect((await new AuthBrowser().request("POST", "/api/auth/sign-in/email", { email, password: PASSWORD }, { "x-forwarded-for": "6.6.6.6, 198.51.100.40" })).status).toBe(200);
    expect(await newest()).toBe("198.51.100.40");

    request.headers = new Headers({ host: new URL(ORIGIN).host, origin: ORIGIN, "x-forwarded-for": "6.6.6.6, 198.51.100.41", "x-pcs-client-address": "6.6.6.6" });
    const form = new FormData();
    form.set("email", email);
    form.set("password", PASSWORD);
    await expect(signInAction(form)).rejects.toMatchObject({ digest: expect.stringMatching(/;\/(test\/)?dashboard;/) });
    expect(await newest()).toBe("198.51.100.41");
  });
});
