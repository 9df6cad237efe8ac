import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { authSecret } from "./auth-secret";
import { configuredPublicOrigin } from "@/lib/core/domain/public-base-url";

// "Device cookies" (OWASP, Slow Down Online Guessing Attacks with Device Cookies): a browser where
// the right password for an account was typed gets a signed cookie naming that account. While a
// stranger's wrong passwords hold the account (lib/features/auth/sign-in-limits.ts), that browser's attempts
// are still tried, against a small count of their own; so guessing from elsewhere cannot keep the
// owner out of a phone or computer they signed in on before. A cookie copied to a guesser's
// machine buys that guesser no more than the free attempts, after which it counts for nothing.

const COOKIE_PREFIX = "pcs_device_";
const KEPT_SECONDS = 180 * 24 * 60 * 60;

/** An account's key: the e-mail as better-auth stores it (lowercase), without the spaces of a careless paste. */
export const accountKey = (email: string) => email.trim().toLowerCase();

// One cookie per account, so a phone shared by a shopkeeper and an assistant keeps both; the name
// carries a digest of the e-mail, not the e-mail.
const cookieName = (account: string) => COOKIE_PREFIX + createHash("sha256").update(account).digest("base64url").slice(0, 16);

const signature = (account: string, nonce: string) => createHmac("sha256", authSecret()).update(`known-device\n${account}\n${nonce}`).digest("base64url");

/**
 * The device this request's cookies prove for the account of `email` (the cookie's nonce, which
 * its own count is kept under), or undefined: no cookie, or one not signed for this account.
 */
export function knownDevice(cookieHeader: string | null | undefined, email: string): string | undefined {
  const account = accountKey(email);
  const name = cookieName(account);
  const value = cookieHeader
    ?.split(";")
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  const [nonce, signed] = value?.split(".") ?? [];
  if (!nonce || !signed) return undefined;
  const expected = Buffer.from(signature(account, nonce));
  const given = Buffer.from(signed);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : undefined;
}

/** The cookie a browser gets once the right password for `email` was typed on it: name, value and attributes. */
export function knownDeviceCookie(email: string) {
  const account = accountKey(email);
  const nonce = randomBytes(16).toString("base64url");
  return {
    name: cookieName(account),
    value: `${nonce}.${signature(account, nonce)}`,
    options: { httpOnly: true, sameSite: "lax" as const, path: "/", maxAge: KEPT_SECONDS, secure: configuredPublicOrigin()?.startsWith("https:") ?? false },
  };
}

/** The same cookie as a Set-Cookie header (the support view answers its sign-in itself). */
export function knownDeviceSetCookie(email: string): string {
  const { name, value, options } = knownDeviceCookie(email);
  return `${name}=${value}; Path=${options.path}; Max-Age=${options.maxAge}; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}
