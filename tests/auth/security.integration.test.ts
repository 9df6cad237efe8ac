import { afterEach, describe, expect, it, vi } from "vitest";
import { changePasswordAction, revokeOtherSessionsAction, revokeSessionAction } from "@/app/dashboard/(account)/settings/security/account-actions";
import { listAccountSessions } from "@/lib/features/auth/account-security";
import { db } from "@/lib/core/db/client";
import { ENVIRONMENT_HEADER } from "@/lib/core/request/environment-header";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import { ORIGIN } from "../helpers/api-client";
import { AuthBrowser, PASSWORD, signedUpMerchant } from "../helpers/auth-session";
import { nextRequest, redirectOf } from "../helpers/next-request";

// Issue 28: the security page's password change and sessions, run as Next runs its server
// actions (next/headers gives the browser's request; the socket's address as X-Forwarded-For).
// They call better-auth's changePassword, listSessions, revokeSession and revokeOtherSessions, so a
// wrong current password meets the account's sign-in limits (lib/features/auth/sign-in-limits-plugin.ts).

vi.mock("next/headers", async () => (await import("../helpers/next-request")).nextHeaders);
vi.mock("next/cache", async () => (await import("../helpers/next-request")).nextCache);
vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

afterEach(() => {
  vi.unstubAllEnvs();
  nextRequest.locale = "en";
});

let addresses = 0;
const newAddress = () => `100.65.${(++addresses >> 8) & 255}.${addresses & 255}`;

/** The next action is `browser`'s, from `address`, on the test-mode dashboard (the environment proxy.ts passes on). */
function as(browser: AuthBrowser, address = newAddress()) {
  nextRequest.headers = new Headers({
    cookie: browser.cookieHeader(), host: new URL(ORIGIN).host, origin: ORIGIN, "x-forwarded-for": address, "accept-language": nextRequest.locale, [ENVIRONMENT_HEADER]: "sandbox",
  });
}

/** Where a done password or sessions form goes: its page (on the sandbox, as browseWith's requests), saying what it did. */
const PAGE_DONE = (notice: string) => `/test/dashboard/settings/security?notice=${notice}`;

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const change = (currentPassword: string, newPassword: string, extra: Record<string, string> = {}) =>
  changePasswordAction(null, form({ currentPassword, newPassword, confirmation: newPassword, ...extra }));

/** A second browser signed in with the password: another session of the same person. */
async function secondSession(email: string, password = PASSWORD) {
  const browser = new AuthBrowser();
  const signIn = await browser.post("/sign-in/email", { email, password });
  expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
  return browser;
}

describe("changing the password", () => {
  it("refuses a wrong current password, in the page's language, and changes nothing", async () => {
    const { browser, email } = await signedUpMerchant();
    as(browser);
    expect(await change("not my password", "a brand new password")).toEqual({ error: en.security.passwordErrors.invalidCredentials });
    nextRequest.locale = "fr";
    as(browser);
    expect(await change("not my password", "a brand new password")).toEqual({ error: fr.security.passwordErrors.invalidCredentials });
    // Mismatched confirmation and a short password are refused before better-auth is asked.
    as(browser);
    expect(await changePasswordAction(null, form({ currentPassword: PASSWORD, newPassword: "a brand new password", confirmation: "another one" }))).toEqual({
      error: fr.security.passwordErrors.mismatch,
    });
    as(browser);
    expect(await change(PASSWORD, "short")).toEqual({ error: fr.security.passwordErrors.weakPassword });
    // The old password still signs in.
    await secondSession(email);
  });

  it("meets the account's delay after wrong guesses, the right password included, and after the delay changes it", async () => {
    vi.stubEnv("SIGN_IN_FREE_FAILURES_PER_ACCOUNT", "2");
    // Each form post comes from a new address (as()): the account-wide count, made as small as the per-address one.
    vi.stubEnv("SIGN_IN_FREE_FAILURES_PER_ACCOUNT_WIDE", "2");
    // Long enough that a loaded machine still makes the next two tries within it (1 s did not).
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "4");
    vi.stubEnv("SIGN_IN_LOCK_MAX_SECONDS", "4");
    const { browser, email } = await signedUpMerchant();
    let lockedFrom = 0;
    for (let i = 0; i < 2; i++) {
      as(browser);
      lockedFrom = Date.now();
      expect(await change(`guess ${i}`, "a brand new password")).toEqual({ error: en.security.passwordErrors.invalidCredentials });
    }
    // The second guess took the account's turn: the next try is refused without being checked.
    as(browser);
    expect(await change(PASSWORD, "a brand new password")).toEqual({ error: en.security.passwordErrors.tooMany });
    // It is the account's delay, whatever the way in: signing in waits too.
    const elsewhere = await new AuthBrowser().post("/sign-in/email", { email, password: PASSWORD });
    expect(elsewhere.status).toBe(429);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lockedFrom + 4_200 - Date.now())));
    as(browser);
    expect(await redirectOf(() => change(PASSWORD, "a brand new password", { signOutOthers: "on" }))).toBe(PAGE_DONE("passwordChangedOthersOut"));
    expect((await new AuthBrowser().post("/sign-in/email", { email, password: PASSWORD })).status).toBe(401);
    await secondSession(email, "a brand new password");
  });

  it("signs the other sessions out when asked, and keeps them otherwise", async () => {
    const { browser, email } = await signedUpMerchant();
    const phone = await secondSession(email);
    as(browser);
    expect(await redirectOf(() => change(PASSWORD, "first new password"))).toBe(PAGE_DONE("passwordChanged"));
    expect(await phone.session()).not.toBeNull();

    as(browser);
    expect(await redirectOf(() => change("first new password", "second new password", { signOutOthers: "on" }))).toBe(PAGE_DONE("passwordChangedOthersOut"));
    expect(await phone.session()).toBeNull();
  });
});

describe("sessions", () => {
  it("lists the person's sessions, this one first, without their tokens", async () => {
    const { browser, email } = await signedUpMerchant();
    await secondSession(email);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    as(browser);
    const sessions = await listAccountSessions(nextRequest.headers);
    expect(sessions).toHaveLength(await db().session.count({ where: { userId: user.id } }));
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions[0].current).toBe(true);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(sessions)).not.toMatch(/"token"/);
  });

  it("ends one session by its id, only the person's own, and says so", async () => {
    const { browser, email } = await signedUpMerchant();
    const phone = await secondSession(email);
    const stranger = await signedUpMerchant();
    const strangersSession = await db().session.findFirstOrThrow({ where: { user: { email: stranger.email } } });
    const phoneSession = await db().session.findFirstOrThrow({ where: { token: (await phone.session())!.session.token } });

    as(browser);
    expect(await revokeSessionAction(null, form({ sessionId: strangersSession.id }))).toEqual({ error: en.security.sessionGone });
    expect(await stranger.browser.session()).not.toBeNull();

    as(browser);
    expect(await revokeSessionAction(null, form({ sessionId: phoneSession.id }))).toEqual({ message: en.security.sessionEnded });
    expect(await phone.session()).toBeNull();
    expect(await browser.session()).not.toBeNull();
    // Already ended: nothing to do, and it says so.
    as(browser);
    expect(await revokeSessionAction(null, form({ sessionId: phoneSession.id }))).toEqual({ error: en.security.sessionGone });
  });

  it("signs out every other session and keeps this one", async () => {
    const { browser, email } = await signedUpMerchant();
    const phone = await secondSession(email);
    const laptop = await secondSession(email);
    as(browser);
    expect(await redirectOf(() => revokeOtherSessionsAction())).toBe(PAGE_DONE("othersEnded"));
    expect(await phone.session()).toBeNull();
    expect(await laptop.session()).toBeNull();
    expect(await browser.session()).not.toBeNull();
  });

  it("needs the dashboard's own session: signed out, each goes to sign-in", async () => {
    nextRequest.headers = new Headers({ host: new URL(ORIGIN).host, origin: ORIGIN });
    for (const run of [() => change(PASSWORD, "whatever new password"), () => revokeSessionAction(null, form({ sessionId: "x" })), () => revokeOtherSessionsAction()]) {
      expect(await redirectOf(run)).toMatch(/^\/dashboard\/sign-in\?next=/);
    }
  });
});
