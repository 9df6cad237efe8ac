import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { authSecret } from "./auth-secret";
import { configuredPublicOrigin } from "@/lib/core/domain/public-base-url";

// "Device cookies" (OWASP, Slow Down Online Guessing Attacks with Device Cookies): a browser where
// the right password for an account was typed gets a signed cookie naming that account. While a
// stranger's wrong passwords hold the account (lib/features/auth/sign-in-limits.ts), that browser's attempts
// are still tried, against a small count of their own; so guessing from elsewhere cannot keep the
// owner out of a phone or computer they signed in on before. A cookie copied to a guesser's
// machine buys that guesser no more than the free attempts, after which it counts for nothing.
//
// The cookie is good for 180 days from when it was given (as GitHub's device verification), by
// its signed date, not by the browser's honesty about Max-Age; and only while the account's
// password is the one it was given under: sign-in-limits.ts honours it only if it was given
// after the password last changed (a reset or a change ends every known device, a copied cookie
// included).

const COOKIE_PREFIX = "pcs_device_";
export const KNOWN_DEVICE_DAYS = 180;
const KEPT_MS = KNOWN_DEVICE_DAYS * 24 * 60 * 60 * 1000;

/** An account's key: the e-mail as better-auth stores it (lowercase), without the spaces of a careless paste. */
export const accountKey = (email: string) => email.trim().toLowerCase();

// One cookie per account, so a phone shared by a shopkeeper and an assistant keeps both; the name
// carries a digest of the e-mail, not the e-mail.
const cookieName = (account: string) => COOKIE_PREFIX + createHash("sha256").update(account).digest("base64url").slice(0, 16);

const signature = (account: string, nonce: string, issuedAt: string) =>
  createHmac("sha256", authSecret()).update(`known-device\n${account}\n${nonce}\n${issuedAt}`).digest("base64url");

/** A known device: its cookie's nonce (its own count is kept under it) and when the cookie was given. */
export type KnownDevice = { nonce: string; issuedAt: number };

/** The device's key in the limiter: its nonce. */
export const deviceKey = (device: KnownDevice) => device.nonce;

/**
 * The device this request's cookies prove for the account of `email`, or undefined: no cookie,
 * one not signed for this account, or one older than 180 days (whatever the browser kept). Whether
 * the password changed since is the caller's to check (currentKnownDevice in sign-in-limits.ts).
 */
export function knownDevice(cookieHeader: string | null | undefined, email: string, now = Date.now()): KnownDevice | undefined {
  const account = accountKey(email);
  const name = cookieName(account);
  const value = cookieHeader
    ?.split(";")
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  const [nonce, issued, signed, ...rest] = value?.split(".") ?? [];
  if (!nonce || !issued || !signed || rest.length || !/^\d{1,15}$/.test(issued)) return undefined;
  const expected = Buffer.from(signature(account, nonce, issued));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const issuedAt = Number(issued);
  // A minute of slack for another process's clock.
  if (issuedAt > now + 60_000 || now - issuedAt >= KEPT_MS) return undefined;
  return { nonce, issuedAt };
}

/** The cookie a browser gets once the right password for `email` was typed on it: name, value and attributes. */
export function knownDeviceCookie(email: string, now = Date.now()) {
  const account = accountKey(email);
  const nonce = randomBytes(16).toString("base64url");
  const issued = String(now);
  return {
    name: cookieName(account),
    value: `${nonce}.${issued}.${signature(account, nonce, issued)}`,
    options: { httpOnly: true, sameSite: "lax" as const, path: "/", maxAge: KEPT_MS / 1000, secure: configuredPublicOrigin()?.startsWith("https:") ?? false },
  };
}

/** The same cookie as a Set-Cookie header (the support view answers its sign-in itself). */
export function knownDeviceSetCookie(email: string): string {
  const { name, value, options } = knownDeviceCookie(email);
  return `${name}=${value}; Path=${options.path}; Max-Age=${options.maxAge}; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}
