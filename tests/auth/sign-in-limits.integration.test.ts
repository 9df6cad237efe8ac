import { afterEach, describe, expect, it, vi } from "vitest";
import { twoFactorAction } from "@/app/dashboard/(account)/settings/security/actions";
import { forgotPasswordAction, resendVerificationAction, signInAction, signUpAction } from "@/app/dashboard/(auth)/actions";
import { AuthError } from "@/app/dashboard/(auth)/auth-header";
import SupportLogin from "@/app/admin/login/page";
import { knownDeviceCookie } from "@/lib/features/auth/known-device";
import { createStaff } from "@/lib/features/staff/create-staff";
import { db } from "@/lib/core/db/client";
import { call, ORIGIN } from "../helpers/api-client";
import { AuthBrowser, linkInOutbox, PASSWORD, signedUpMerchant, uniqueEmail } from "../helpers/auth-session";
import { elementsOf, nextRequest } from "../helpers/next-request";

// Issue 27 (1): every way in shares one set of sign-in limits (lib/features/auth/sign-in-limits.ts): the
// dashboard's forms (server actions, run here as Next runs them: next/headers gives the request's
// headers, the socket's address played by X-Forwarded-For as server/front-door.cjs appends it),
// better-auth's own routes under /api/auth, and the support view's sign-in. Per address: sign-in
// attempts, sign-ups and account mails; per account: a delay after wrong passwords that grows,
// is capped, and always lets the right password in once it is over.

const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false, set: () => undefined, delete: () => undefined }),
}));

vi.mock("next-intl/server", async () => (await import("../helpers/next-request")).nextIntlServer());

afterEach(() => {
  vi.unstubAllEnvs();
  nextRequest.locale = "en";
});

let addresses = 0;
/** An address no other test of this file uses. */
const newAddress = () => `100.64.${(++addresses >> 8) & 255}.${addresses & 255}`;

/** Where a server action sent the browser: its redirect, as Next would answer it (303 to that URL). */
async function redirectOf(action: Promise<unknown>): Promise<URL> {
  try {
    await action;
  } catch (error) {
    const digest = (error as { digest?: string }).digest;
    if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT;")) return new URL(digest.split(";")[2], ORIGIN);
    throw error;
  }
  throw new Error("the action answered without a redirect");
}

/** A dashboard form posted from `address` (with the browser's `cookie` header); the page it lands on. */
async function postForm(action: (form: FormData) => Promise<unknown>, fields: Record<string, string>, address: string, cookie?: string) {
  request.headers = new Headers({ host: new URL(ORIGIN).host, origin: ORIGIN, "x-forwarded-for": address, "accept-language": "en", ...(cookie ? { cookie } : {}) });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return redirectOf(action(form));
}

/** better-auth's own route under /api/auth, from `address`. */
const viaRoute = (path: string, body: unknown, address: string) => new AuthBrowser().request("POST", `/api/auth${path}`, body, { "x-forwarded-for": address });

// Where a signed-up merchant's sign-in lands: test mode, its live payments not activated yet.
const HOME = "/test/dashboard";
const formSignIn = (email: string, password: string, address: string, cookie?: string) => postForm(signInAction, { email, password, next: "/dashboard" }, address, cookie);
const routeSignIn = (email: string, password: string, address: string) => viaRoute("/sign-in/email", { email, password }, address);
const supportSignIn = (email: string, password: string, address: string, cookie?: string) =>
  call("POST", "/admin/api/session", { body: { email, password }, headers: { "x-forwarded-for": address, ...(cookie ? { cookie } : {}) } });

/** The known-device cookie (lib/features/auth/known-device.ts) among a browser's cookies, as a Cookie header. */
function deviceCookieOf(browser: AuthBrowser): string {
  const found = [...browser.cookies].find(([name]) => name.startsWith("pcs_device_"));
  expect(found, "no known-device cookie").toBeDefined();
  return `${found![0]}=${found![1]}`;
}

/** A 429 of better-auth's routes: its JSON shape, with how long to wait. */
function expectRouteRefusal(answer: { status: number; headers: Headers; body: any }) {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({ code: "TOO_MANY_REQUESTS" });
  expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
  return Number(answer.headers.get("retry-after"));
}

/**
 * The account-wide count (distributed guessing) made as small as the per-address one, for the
 * tests of what it shares with it: a guesser with a new address for each guess.
 */
const wideCount = (free: number) => vi.stubEnv("SIGN_IN_FREE_FAILURES_PER_ACCOUNT_WIDE", String(free));

const waitSeconds = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 100));

describe("sign-in attempts per address", () => {
  it("the dashboard's form and /api/auth spend one count: guesses through either are refused after the limit, another address is not", async () => {
    vi.stubEnv("SIGN_IN_ATTEMPTS_PER_15_MIN_PER_IP", "6");
    const attacker = newAddress();
    // Six guesses on six accounts (no account's own delay comes into it), alternating the two ways in.
    for (let i = 0; i < 3; i++) {
      expect((await formSignIn(uniqueEmail("guess"), "not the password", attacker)).searchParams.get("error")).toBe("invalidCredentials");
      expect((await routeSignIn(uniqueEmail("guess"), "not the password", attacker)).status).toBe(401);
    }
    expect((await formSignIn(uniqueEmail("guess"), "not the password", attacker)).searchParams.get("error")).toBe("tooMany");
    expectRouteRefusal(await routeSignIn(uniqueEmail("guess"), "not the password", attacker));
    // The support view's sign-in is a way in too: the same count.
    const support = await supportSignIn(uniqueEmail("guess"), "not the password", attacker);
    expect([support.status, support.body.error.code]).toEqual([429, 42900]);

    expect((await formSignIn(uniqueEmail("guess"), "not the password", newAddress())).searchParams.get("error")).toBe("invalidCredentials");
  });

  it("right passwords do not spend the address's count (an office behind one address signs in all day)", async () => {
    vi.stubEnv("SIGN_IN_ATTEMPTS_PER_15_MIN_PER_IP", "3");
    const { email } = await signedUpMerchant();
    const office = newAddress();
    for (let i = 0; i < 6; i++) expect((await formSignIn(email, PASSWORD, office)).pathname).toBe(HOME);
    for (let i = 0; i < 6; i++) expect((await routeSignIn(email, PASSWORD, office)).status).toBe(200);
  });

  it("a forged X-Forwarded-For does not choose the count: the socket's address (its right-most entry) pays", async () => {
    vi.stubEnv("SIGN_IN_ATTEMPTS_PER_15_MIN_PER_IP", "2");
    const socket = newAddress();
    expect((await routeSignIn(uniqueEmail("guess"), "wrong", `1.2.3.4, ${socket}`)).status).toBe(401);
    expect((await routeSignIn(uniqueEmail("guess"), "wrong", `5.6.7.8, ${socket}`)).status).toBe(401);
    expectRouteRefusal(await routeSignIn(uniqueEmail("guess"), "wrong", `9.9.9.9, ${socket}`));
    // The forged entry's owner is not charged.
    expect((await routeSignIn(uniqueEmail("guess"), "wrong", "1.2.3.4")).status).toBe(401);
  });
});

describe("sign-in attempts per IPv6 network", () => {
  it("the addresses of one /64 (one subscriber's) spend one count; the next /64 has its own", async () => {
    vi.stubEnv("SIGN_IN_ATTEMPTS_PER_15_MIN_PER_IP", "3");
    for (let i = 1; i <= 3; i++) expect((await routeSignIn(uniqueEmail("guess"), "wrong", `2001:db8:27:1::${i}`)).status).toBe(401);
    expectRouteRefusal(await routeSignIn(uniqueEmail("guess"), "wrong", "2001:db8:27:1:ffff::4"));
    expect((await formSignIn(uniqueEmail("guess"), "wrong", "2001:db8:27:1::5")).searchParams.get("error")).toBe("tooMany");
    expect((await routeSignIn(uniqueEmail("guess"), "wrong", "2001:db8:27:2::1")).status).toBe(401);
  });
});

describe("wrong passwords per account", () => {
  it("from many addresses, past the account-wide count, lock the account whatever the address, and the right password works once the delay is over", async () => {
    wideCount(5);
    // Long enough that a loaded machine still makes the two refused tries within it.
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "3");
    vi.stubEnv("SIGN_IN_LOCK_MAX_SECONDS", "6");
    const { email } = await signedUpMerchant();
    // Five wrong passwords are free, each from another address, through both ways in.
    for (let i = 0; i < 5; i++) {
      const wrong = i % 2 ? await routeSignIn(email, `wrong ${i}`, newAddress()) : await formSignIn(email, `wrong ${i}`, newAddress());
      if (wrong instanceof URL) expect(wrong.searchParams.get("error")).toBe("invalidCredentials");
      else expect(wrong.status).toBe(401);
    }
    // Then the account waits, from any address, even with the right password...
    const wait = expectRouteRefusal(await routeSignIn(email, PASSWORD, newAddress()));
    expect(wait).toBeLessThanOrEqual(3);
    expect((await formSignIn(email, PASSWORD, newAddress())).searchParams.get("error")).toBe("tooMany");
    // ...and once the delay is over, the right password signs in (and clears the count).
    await waitSeconds(wait);
    expect((await formSignIn(email, PASSWORD, newAddress())).pathname).toBe(HOME);
    for (let i = 0; i < 5; i++) expect((await routeSignIn(email, `wrong again ${i}`, newAddress())).status).toBe(401);
  });

  it("a stranger who keeps guessing meets a delay that doubles up to its cap, never a lock the owner cannot outwait", async () => {
    vi.stubEnv("SIGN_IN_FREE_FAILURES_PER_ACCOUNT", "2");
    wideCount(2);
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "1");
    vi.stubEnv("SIGN_IN_LOCK_MAX_SECONDS", "2");
    const { email } = await signedUpMerchant();
    const delays: number[] = [];
    const deadline = Date.now() + 7_000;
    // The stranger guesses as fast as the answers come, from ever new addresses.
    while (Date.now() < deadline) {
      const answer = await routeSignIn(email, "a guess", newAddress());
      if (answer.status === 429) delays.push(expectRouteRefusal(answer));
      else expect(answer.status).toBe(401);
    }
    expect(delays.length).toBeGreaterThan(0);
    expect(Math.max(...delays)).toBeLessThanOrEqual(2);
    // The owner, after the delay the last refusal named, signs in.
    const wait = expectRouteRefusal(await routeSignIn(email, PASSWORD, newAddress()));
    await waitSeconds(wait);
    expect((await routeSignIn(email, PASSWORD, newAddress())).status).toBe(200);
  });

  it("a browser the owner signed in on before is not kept out by a stranger's guessing, through the form or /api/auth", async () => {
    wideCount(5);
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
    const { email } = await signedUpMerchant();
    const phone = new AuthBrowser();
    const phoneAddress = newAddress();
    expect((await phone.request("POST", "/api/auth/sign-in/email", { email, password: PASSWORD }, { "x-forwarded-for": phoneAddress })).status).toBe(200);
    const known = deviceCookieOf(phone);

    // A stranger's guesses hold the account for a minute: the right password from a new browser waits...
    for (let i = 0; i < 5; i++) expect((await routeSignIn(email, `guess ${i}`, newAddress())).status).toBe(401);
    expectRouteRefusal(await routeSignIn(email, "guess 5", newAddress()));
    expectRouteRefusal(await routeSignIn(email, PASSWORD, phoneAddress));
    expect((await formSignIn(email, PASSWORD, newAddress())).searchParams.get("error")).toBe("tooMany");
    // ...the owner's own phone does not, through /api/auth or the dashboard's form, even after a typo.
    expect((await phone.request("POST", "/api/auth/sign-in/email", { email, password: "a typo" }, { "x-forwarded-for": phoneAddress })).status).toBe(401);
    expect((await phone.request("POST", "/api/auth/sign-in/email", { email, password: PASSWORD }, { "x-forwarded-for": phoneAddress })).status).toBe(200);
    expect((await formSignIn(email, PASSWORD, phoneAddress, known)).pathname).toBe(HOME);
    // The owner signing in gave the stranger no fresh free guesses.
    expectRouteRefusal(await routeSignIn(email, "guess 6", newAddress()));
  });

  it("a known-device cookie copied by a guesser buys only the free attempts; another account's or a forged one buys none", async () => {
    wideCount(5);
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
    const { email } = await signedUpMerchant();
    const other = await signedUpMerchant();
    const owner = new AuthBrowser();
    expect((await owner.request("POST", "/api/auth/sign-in/email", { email, password: PASSWORD }, { "x-forwarded-for": newAddress() })).status).toBe(200);
    const stolen = deviceCookieOf(owner);
    const otherBrowser = new AuthBrowser();
    expect((await otherBrowser.request("POST", "/api/auth/sign-in/email", { email: other.email, password: PASSWORD }, { "x-forwarded-for": newAddress() })).status).toBe(200);
    const othersCookie = deviceCookieOf(otherBrowser);
    // The account is held by guesses from elsewhere.
    for (let i = 0; i < 6; i++) await routeSignIn(email, `guess ${i}`, newAddress());
    expectRouteRefusal(await routeSignIn(email, "guess", newAddress()));

    const [name, value] = stolen.split("=");
    const forged = `${name}=${value.split(".")[0]}.${"A".repeat(43)}`;
    for (const cookie of [othersCookie, forged, `${name}=${value}x`]) {
      expect((await formSignIn(email, "a guess", newAddress(), cookie)).searchParams.get("error")).toBe("tooMany");
    }
    // The stolen cookie: its five tries, then it is a stranger's like any other.
    for (let i = 0; i < 5; i++) expect((await formSignIn(email, `stolen ${i}`, newAddress(), stolen)).searchParams.get("error")).toBe("invalidCredentials");
    expect((await formSignIn(email, "stolen 5", newAddress(), stolen)).searchParams.get("error")).toBe("tooMany");
    expect((await formSignIn(email, PASSWORD, newAddress(), stolen)).searchParams.get("error")).toBe("tooMany");
  });

  it("the support view and the dashboard share an account's delay", async () => {
    wideCount(5);
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
    const email = uniqueEmail("staff");
    await createStaff(db(), { email, role: "support", password: PASSWORD });
    for (let i = 0; i < 5; i++) expect((await formSignIn(email, `wrong ${i}`, newAddress())).searchParams.get("error")).toBe("invalidCredentials");
    const support = await supportSignIn(email, PASSWORD, newAddress());
    expect([support.status, support.body.error.code]).toEqual([429, 42900]);
    expect(Number(support.headers.get("retry-after"))).toBeGreaterThan(50);
  });

  it("the support view knows the browsers its staff signed in on, as the dashboard does", async () => {
    wideCount(5);
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
    const email = uniqueEmail("staff");
    await createStaff(db(), { email, role: "support", password: PASSWORD });
    const signedIn = await supportSignIn(email, PASSWORD, newAddress());
    expect(signedIn.status).toBe(200);
    const device = signedIn.headers.getSetCookie().find((c) => c.startsWith("pcs_device_"));
    expect(device).toMatch(/HttpOnly/);
    const known = device!.split(";")[0];
    for (let i = 0; i < 6; i++) await formSignIn(email, `guess ${i}`, newAddress());
    expect([(await supportSignIn(email, PASSWORD, newAddress())).status]).toEqual([429]);
    expect((await supportSignIn(email, PASSWORD, newAddress(), known)).status).toBe(200);
  });

  it("the e-mail is one account however it is typed", async () => {
    wideCount(5);
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
    const { email } = await signedUpMerchant();
    const spellings = [email.toUpperCase(), ` ${email}`, email, `${email} `, email.replace(/^./, (c) => c.toUpperCase())];
    for (const typed of spellings) expect((await routeSignIn(typed, "wrong", newAddress())).status).not.toBe(429);
    expectRouteRefusal(await routeSignIn(email, PASSWORD, newAddress()));
  });
});

describe("a signed-in session asked for its password", () => {
  it("guessing it (to turn two-factor sign-in on or off) meets the account's delay, through the settings form and /api/auth", async () => {
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
    const { browser, email } = await signedUpMerchant();
    const address = newAddress();
    const settingsForm = async (intent: "enable" | "disable", password: string) => {
      request.headers = new Headers({ host: new URL(ORIGIN).host, origin: ORIGIN, "x-forwarded-for": address, cookie: browser.cookieHeader() });
      const form = new FormData();
      form.set("intent", intent);
      form.set("password", password);
      return twoFactorAction({ stage: "idle" }, form);
    };
    for (let i = 0; i < 5; i++) expect(await settingsForm(i % 2 ? "disable" : "enable", `guess ${i}`)).toEqual({ stage: "idle", error: "invalidCredentials" });
    // The fifth guess held the account: the right password waits, on the form and on /api/auth.
    expect(await settingsForm("enable", PASSWORD)).toEqual({ stage: "idle", error: "tooMany" });
    expectRouteRefusal(await browser.request("POST", "/api/auth/two-factor/enable", { password: PASSWORD }, { "x-forwarded-for": address }));
    // It is the account's own delay from that address: signing in from there waits too.
    expectRouteRefusal(await routeSignIn(email, PASSWORD, address));
  });

  it("the right password, before any delay, clears the count", async () => {
    const { browser } = await signedUpMerchant();
    const address = newAddress();
    const enable = (password: string) => browser.request("POST", "/api/auth/two-factor/enable", { password }, { "x-forwarded-for": address });
    for (let i = 0; i < 4; i++) expect((await enable(`guess ${i}`)).status).toBe(400);
    expect((await enable(PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await enable(`guess again ${i}`)).status).toBe(400);
  });
});

describe("sign-ups per address", () => {
  it("the form and /api/auth spend one count; a refused sign-up opens no merchant", async () => {
    vi.stubEnv("SIGN_UPS_PER_HOUR_PER_IP", "2");
    const address = newAddress();
    const signUp = { name: "Awa Diop", password: PASSWORD, businessName: "Boutique" };
    expect((await postForm(signUpAction, { ...signUp, email: uniqueEmail("new") }, address)).pathname).toBe("/dashboard/verify-email");
    expect((await viaRoute("/sign-up/email", { ...signUp, email: uniqueEmail("new") }, address)).status).toBe(200);

    const merchants = await db().merchant.count();
    const refusedEmail = uniqueEmail("refused");
    expect((await postForm(signUpAction, { ...signUp, email: refusedEmail }, address)).searchParams.get("error")).toBe("tooMany");
    expectRouteRefusal(await viaRoute("/sign-up/email", { ...signUp, email: refusedEmail }, address));
    expect(await db().merchant.count()).toBe(merchants);
    expect(await db().user.count({ where: { email: refusedEmail } })).toBe(0);

    expect((await postForm(signUpAction, { ...signUp, email: refusedEmail }, newAddress())).pathname).toBe("/dashboard/verify-email");
  });
});

describe("account mails", () => {
  it("one password-reset mail per e-mail per interval, whatever the address or the way in", async () => {
    const { email } = await signedUpMerchant();
    expect((await postForm(forgotPasswordAction, { email }, newAddress())).searchParams.get("sent")).toBe("1");
    expect((await postForm(forgotPasswordAction, { email }, newAddress())).searchParams.get("error")).toBe("tooMany");
    expectRouteRefusal(await viaRoute("/request-password-reset", { email: email.toUpperCase(), redirectTo: "/dashboard/reset-password" }, newAddress()));
    expect(await db().outboxMail.count({ where: { to: email, subject: { contains: "Reset" } } })).toBeLessThanOrEqual(1);
  });

  it("the same for an e-mail without an account, so the refusal tells nothing", async () => {
    const email = uniqueEmail("nobody");
    expect((await postForm(forgotPasswordAction, { email }, newAddress())).searchParams.get("sent")).toBe("1");
    expect((await postForm(forgotPasswordAction, { email }, newAddress())).searchParams.get("error")).toBe("tooMany");
  });

  it("verification mails too, per e-mail", async () => {
    const email = uniqueEmail("unverified");
    expect((await viaRoute("/sign-up/email", { name: "Awa", email, password: PASSWORD }, newAddress())).status).toBe(200);
    expect((await postForm(resendVerificationAction, { email }, newAddress())).searchParams.get("resent")).toBe("1");
    expect((await postForm(resendVerificationAction, { email }, newAddress())).searchParams.get("error")).toBe("tooMany");
    expectRouteRefusal(await viaRoute("/send-verification-email", { email }, newAddress()));
  });

  it("reset and verification mails to any e-mail are limited per address", async () => {
    vi.stubEnv("ACCOUNT_MAILS_PER_HOUR_PER_IP", "3");
    const address = newAddress();
    expect((await postForm(forgotPasswordAction, { email: uniqueEmail("a") }, address)).searchParams.get("sent")).toBe("1");
    expect((await viaRoute("/request-password-reset", { email: uniqueEmail("b"), redirectTo: "/dashboard/reset-password" }, address)).status).toBe(200);
    expect((await postForm(resendVerificationAction, { email: uniqueEmail("c") }, address)).searchParams.get("resent")).toBe("1");
    expect((await postForm(forgotPasswordAction, { email: uniqueEmail("d") }, address)).searchParams.get("error")).toBe("tooMany");
    expectRouteRefusal(await viaRoute("/send-verification-email", { email: uniqueEmail("e") }, address));
    expect((await postForm(forgotPasswordAction, { email: uniqueEmail("f") }, newAddress())).searchParams.get("sent")).toBe("1");
  });
});

// Issue 34 (11, 9): attacker tests. Each failed on the code before the fix (see the branch's report).

/** The text of what a server component returned (its strings and numbers), without rendering it. */
function textOf(node: unknown): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (typeof node === "object" && "props" in node) return textOf((node as { props: { children?: unknown } }).props.children);
  return "";
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe("a stranger guessing from one place (issue 34, 11a)", () => {
  it("50 wrong guesses from address A do not make the owner wait on a new device at address B", async () => {
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
    const { email } = await signedUpMerchant();
    const strangerAddress = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await routeSignIn(email, `guess ${i}`, strangerAddress)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    // The stranger's address waits, even with the right password...
    expectRouteRefusal(await routeSignIn(email, PASSWORD, strangerAddress));
    // ...the owner, on a browser the account was never used on, elsewhere, does not: form and /api/auth.
    expect((await formSignIn(email, PASSWORD, newAddress())).pathname).toBe(HOME);
    expect((await new AuthBrowser().request("POST", "/api/auth/sign-in/email", { email, password: PASSWORD }, { "x-forwarded-for": newAddress() })).status).toBe(200);
  });

  it("the account-wide count still stops a guesser with many addresses", async () => {
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
    wideCount(20);
    const { email } = await signedUpMerchant();
    const statuses: number[] = [];
    // Two guesses from each of 15 addresses: each address stays within its own free attempts.
    for (let i = 0; i < 15; i++) {
      const address = newAddress();
      for (let j = 0; j < 2; j++) statuses.push((await routeSignIn(email, `guess ${i}.${j}`, address)).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    // A new device then waits too (its ways past: a known device, or the mailed reset link).
    expectRouteRefusal(await routeSignIn(email, PASSWORD, newAddress()));
  });

  it("a password reset (the owner's mailbox) lifts the account-wide delay", async () => {
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
    wideCount(5);
    const { email } = await signedUpMerchant();
    for (let i = 0; i < 6; i++) await routeSignIn(email, `guess ${i}`, newAddress());
    expectRouteRefusal(await routeSignIn(email, PASSWORD, newAddress()));
    const owner = new AuthBrowser();
    expect((await owner.post("/request-password-reset", { email, redirectTo: "/dashboard/reset-password" })).status).toBe(200);
    const token = new URL(await linkInOutbox(email, /Reset/)).pathname.split("/").at(-1)!;
    expect((await owner.post("/reset-password", { token, newPassword: "the owner's new password" })).status).toBe(200);
    expect((await owner.request("POST", "/api/auth/sign-in/email", { email, password: "the owner's new password" }, { "x-forwarded-for": newAddress() })).status).toBe(200);
  });
});

describe("the sign-in forms say how long to wait (issue 34, 11b)", () => {
  it("the dashboard's form: Try again in N seconds / minutes, in English and French", async () => {
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "45");
    const { email } = await signedUpMerchant();
    const address = newAddress();
    for (let i = 0; i < 5; i++) await formSignIn(email, `guess ${i}`, address);
    const refused = await formSignIn(email, PASSWORD, address);
    expect(refused.searchParams.get("error")).toBe("tooMany");
    const wait = Number(refused.searchParams.get("wait"));
    expect(wait).toBeGreaterThan(30);
    expect(wait).toBeLessThanOrEqual(45);
    const words = async (locale: "en" | "fr", seconds: string) => {
      nextRequest.locale = locale;
      return textOf(await AuthError({ error: "tooMany", wait: seconds }));
    };
    expect(await words("en", String(wait))).toBe(`Too many attempts. Try again in ${wait} seconds.`);
    expect(await words("fr", String(wait))).toBe(`Trop de tentatives. Réessayez dans ${wait} secondes.`);
    expect(await words("en", "900")).toBe("Too many attempts. Try again in 15 minutes.");
    expect(await words("fr", "61")).toBe("Trop de tentatives. Réessayez dans 2 minutes.");
    // Without a usable wait (an edited address), the plain message.
    expect(await words("en", "soon")).toBe("Too many attempts. Wait a moment and try again.");
  });

  it("the support view's form: the same, from its 303 back to the login page", async () => {
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "600");
    const email = uniqueEmail("staff");
    await createStaff(db(), { email, role: "support", password: PASSWORD });
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await supportSignIn(email, `wrong ${i}`, address)).status).not.toBe(429);
    const form = new URLSearchParams({ email, password: PASSWORD }).toString();
    const answer = await call("POST", "/admin/api/session", { rawBody: form, headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address, origin: ORIGIN } });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("location")!, ORIGIN);
    expect(location.searchParams.get("error")).toBe("rate");
    const wait = location.searchParams.get("wait");
    expect(Number(wait)).toBeGreaterThan(540);
    const page = await SupportLogin({ searchParams: Promise.resolve({ error: "rate", wait: wait! }) });
    const alert = elementsOf(page, "p").find((p) => p.role === "alert");
    expect(textOf(alert?.children)).toBe("Too many attempts. Try again in 10 minutes.");
  });
});

describe("verification mails at an unverified sign-in (issue 34, 11c)", () => {
  const confirmations = async (email: string) => {
    // Sent after the answer: let the last one land.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return db().outboxMail.count({ where: { to: email, subject: { contains: "Confirm" } } });
  };

  it("20 sign-ins of an unverified account send one mail per interval, each answered the same", async () => {
    const email = uniqueEmail("unverified");
    expect((await viaRoute("/sign-up/email", { name: "Awa", email, password: PASSWORD }, newAddress())).status).toBe(200);
    for (let i = 0; i < 20; i++) {
      const answer = await routeSignIn(email, PASSWORD, newAddress());
      expect([answer.status, answer.body.code]).toEqual([403, "EMAIL_NOT_VERIFIED"]);
    }
    expect(await confirmations(email)).toBe(1);
  });

  it("and a few a day, however far apart", async () => {
    vi.stubEnv("ACCOUNT_MAIL_INTERVAL_SECONDS", "1");
    vi.stubEnv("VERIFICATION_MAILS_PER_DAY_PER_ACCOUNT", "3");
    const email = uniqueEmail("unverified");
    expect((await viaRoute("/sign-up/email", { name: "Awa", email, password: PASSWORD }, newAddress())).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      await waitSeconds(1);
      expect((await formSignIn(email, PASSWORD, newAddress())).searchParams.get("error")).toBe("unverified");
    }
    expect(await confirmations(email)).toBe(3);
  });
});

describe("known-device cookies (issue 34, 9)", () => {
  it("say when they expire: 180 days", async () => {
    const { email } = await signedUpMerchant();
    const answer = await new AuthBrowser().request("POST", "/api/auth/sign-in/email", { email, password: PASSWORD }, { "x-forwarded-for": newAddress() });
    const device = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("pcs_device_"));
    expect(device).toMatch(/Max-Age=15552000/);
  });

  it("a password reset ends every known device: the old cookie no longer skips the account's delay", async () => {
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
    wideCount(5);
    const { email } = await signedUpMerchant();
    const phone = new AuthBrowser();
    expect((await phone.request("POST", "/api/auth/sign-in/email", { email, password: PASSWORD }, { "x-forwarded-for": newAddress() })).status).toBe(200);
    const old = deviceCookieOf(phone);
    // The password is reset (by the owner, or by whoever took the mailbox).
    const resetter = new AuthBrowser();
    expect((await resetter.post("/request-password-reset", { email, redirectTo: "/dashboard/reset-password" })).status).toBe(200);
    const token = new URL(await linkInOutbox(email, /Reset/)).pathname.split("/").at(-1)!;
    expect((await resetter.post("/reset-password", { token, newPassword: "a brand new password" })).status).toBe(200);
    // Guesses from elsewhere hold the account; the old cookie is a stranger's like any other.
    for (let i = 0; i < 6; i++) await routeSignIn(email, `guess ${i}`, newAddress());
    expect((await formSignIn(email, "a brand new password", newAddress(), old)).searchParams.get("error")).toBe("tooMany");
  });

  it("a password change ends the others too, and the browser that changed it is known again", async () => {
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
    wideCount(5);
    const { email } = await signedUpMerchant();
    const laptop = new AuthBrowser();
    const phone = new AuthBrowser();
    for (const browser of [laptop, phone]) expect((await browser.request("POST", "/api/auth/sign-in/email", { email, password: PASSWORD }, { "x-forwarded-for": newAddress() })).status).toBe(200);
    const phoneCookie = deviceCookieOf(phone);
    const before = deviceCookieOf(laptop);
    expect((await laptop.request("POST", "/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "a changed password" }, { "x-forwarded-for": newAddress() })).status).toBe(200);
    const after = deviceCookieOf(laptop);
    expect(after).not.toBe(before);
    for (let i = 0; i < 6; i++) await routeSignIn(email, `guess ${i}`, newAddress());
    expect((await formSignIn(email, "a changed password", newAddress(), phoneCookie)).searchParams.get("error")).toBe("tooMany");
    expect((await formSignIn(email, "a changed password", newAddress(), after)).pathname).toBe(HOME);
  });

  it("an expired cookie is not honoured, whatever the browser sends", async () => {
    vi.stubEnv("SIGN_IN_LOCK_FIRST_SECONDS", "60");
    wideCount(5);
    const { email } = await signedUpMerchant();
    const stale = knownDeviceCookie(email, Date.now() - 181 * DAY_MS);
    const fresh = knownDeviceCookie(email, Date.now());
    for (let i = 0; i < 6; i++) await routeSignIn(email, `guess ${i}`, newAddress());
    expect((await formSignIn(email, PASSWORD, newAddress(), `${stale.name}=${stale.value}`)).searchParams.get("error")).toBe("tooMany");
    // The same cookie, given now, is honoured: it is the date that refused the other.
    expect((await formSignIn(email, PASSWORD, newAddress(), `${fresh.name}=${fresh.value}`)).pathname).toBe(HOME);
  });
});
