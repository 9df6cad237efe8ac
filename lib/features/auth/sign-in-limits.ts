import { RateLimiterRes } from "rate-limiter-flexible";
import { ApiError } from "@/lib/core/errors/api-error";
import { consume, envLimiter, limiterFor, limitFromEnv, limitReached, secondsUntil, type Limiter, type LimitState } from "@/lib/core/limits/rate-limit";
import { log } from "@/lib/core/logging/log";
import { addressLimitKey } from "@/lib/core/request/client-address";
import { accountKey } from "./known-device";

// The limits of every way into an account, in one place: the dashboard's forms (server actions)
// and better-auth's routes under /api/auth both reach them through lib/features/auth/sign-in-limits-plugin.ts,
// the support view's sign-in through lib/features/admin/sign-in.ts. One count per address and per account
// whichever way a guess comes in. Counted by rate-limiter-flexible (lib/core/limits/rate-limit.ts): in
// Redis, shared by every app process, when REDIS_URL is set; in the process otherwise. Each
// setting is read from the environment on each use (so a test can lower it); a refusal is the
// API's 429 (ApiError 42900 with Retry-After), which each surface answers its own way.

// Per address (an IPv6 address's /64: addressLimitKey). A right password gives its sign-in attempt back, so an office or a mobile carrier
// behind one address can sign in all day; wrong ones (and malformed requests) count.
const signInsPerAddress = () => envLimiter("sign-in-ip", "SIGN_IN_ATTEMPTS_PER_15_MIN_PER_IP", 20, 15 * 60);
// Each sign-up opens a merchant (its rows, gateways and signing secret).
const signUpsPerAddress = () => envLimiter("sign-up-ip", "SIGN_UPS_PER_HOUR_PER_IP", 10, 60 * 60);
// Password-reset and verification mails, to any e-mail.
const mailsPerAddress = () => envLimiter("account-mail-ip", "ACCOUNT_MAILS_PER_HOUR_PER_IP", 10, 60 * 60);
// And one of each kind per e-mail per interval, whoever asks: nobody floods an inbox.
const mailsPerAccount = () => limiterFor("account-mail", 1, limitFromEnv("ACCOUNT_MAIL_INTERVAL_SECONDS", 120));

/**
 * Per account, wrong passwords slow guessing down without ever locking the owner out for good,
 * in the manner of rate-limiter-flexible's brute-force protection (its ExpressBruteFlexible,
 * which is Express middleware, hence this small copy of the idea). The first
 * SIGN_IN_FREE_FAILURES_PER_ACCOUNT - 1 attempts are free. From then on each attempt takes the
 * account's "turn": it holds the account for a delay that starts at SIGN_IN_LOCK_FIRST_SECONDS and
 * doubles with every further attempt, up to SIGN_IN_LOCK_MAX_SECONDS; an attempt while the turn is
 * held is refused without trying the password (the right one included). So after five wrong
 * passwords the account waits 30 s, then 1, 2, 4, 8 min, then 15 min between guesses: about 100
 * guesses a day however many addresses the guesser has. A right password, once the delay is over,
 * signs in and clears both counts. Attempts are counted when they start, as if wrong, until a right
 * password proves otherwise, and the turn is taken atomically: a burst of parallel guesses gets no
 * more tries than a sequence. Counts are forgotten a day after they started.
 *
 * What a stranger can do: keep the account waiting, for browsers it was never signed in on, by
 * guessing again each time a delay ends (it shows in the logs: "account waits after wrong
 * passwords"). A browser where the right password was typed before carries a signed cookie
 * (lib/features/auth/known-device.ts): its attempts skip the account's delay and have a count of their own,
 * the same free attempts, after which that cookie counts for nothing. So the stranger cannot keep
 * the owner out of a phone or computer the owner uses.
 */
const lockSettings = () => ({
  free: limitFromEnv("SIGN_IN_FREE_FAILURES_PER_ACCOUNT", 5),
  firstSeconds: limitFromEnv("SIGN_IN_LOCK_FIRST_SECONDS", 30),
  maxSeconds: limitFromEnv("SIGN_IN_LOCK_MAX_SECONDS", 15 * 60),
});
const FAILURES_KEPT_SECONDS = 24 * 60 * 60;
const attemptsPerAccount = () => limiterFor("sign-in-account-attempts", Number.MAX_SAFE_INTEGER, FAILURES_KEPT_SECONDS);
// One point: held by the attempt whose turn it is, for that attempt's delay (its customDuration).
const accountTurn = () => limiterFor("sign-in-account-turn", 1, FAILURES_KEPT_SECONDS);
// Attempts from a known device, by its cookie's nonce.
const attemptsPerDevice = () => limiterFor("sign-in-device-attempts", Number.MAX_SAFE_INTEGER, FAILURES_KEPT_SECONDS);

/** Spends one point of `limit` for `key`; a refusal is logged (what was limited, for whom) and thrown. */
async function spend(limit: Limiter, key: string, fields: Record<string, unknown>): Promise<LimitState> {
  try {
    return await consume(limit, key);
  } catch (error) {
    if (error instanceof ApiError) log("warn", "account limit reached", { limit: limit.name, ...fields, retryAfterSeconds: Number(error.headers?.["retry-after"]) });
    throw error;
  }
}

/** A sign-in attempt from `address`, before its body is read (malformed requests count too). */
export const chargeSignInAddress = (address: string) => spend(signInsPerAddress(), addressLimitKey(address), { address });

/**
 * A sign-in attempt on the account of `email`: free, its turn, or refused while another attempt
 * holds the turn. From a known `device` (knownDevice: the nonce of its cookie for this account),
 * tried whatever the account's turn, within that device's own free attempts.
 */
export async function chargeSignInAccount(email: string, device?: string): Promise<LimitState> {
  const account = accountKey(email);
  const { free, firstSeconds, maxSeconds } = lockSettings();
  if (device !== undefined) {
    const attempt = (await attemptsPerDevice().limiter.consume(device)).consumedPoints;
    if (attempt <= free) return { limit: free, remaining: free - attempt, resetSeconds: FAILURES_KEPT_SECONDS };
  }
  const refused = (res: RateLimiterRes) => {
    const wait = secondsUntil(res);
    log("warn", "account limit reached", { limit: "sign-in-account", account, retryAfterSeconds: wait });
    return limitReached(free, wait, `Too many wrong passwords for this account; retry in ${wait} s`);
  };
  const turn = accountTurn().limiter;
  const held = await turn.get(account);
  if (held && held.consumedPoints > 0 && held.msBeforeNext > 0) throw refused(held);

  const attempts = attemptsPerAccount().limiter;
  const attempt = (await attempts.consume(account)).consumedPoints;
  if (attempt < free) return { limit: free, remaining: free - attempt, resetSeconds: FAILURES_KEPT_SECONDS };
  const delaySeconds = Math.min(firstSeconds * 2 ** (attempt - free), maxSeconds);
  const taken = await turn.penalty(account, 1, { customDuration: delaySeconds });
  if (taken.consumedPoints > 1) {
    // Another attempt holds the turn (a parallel guess): this one was never tried.
    await attempts.reward(account, 1);
    throw refused(taken);
  }
  log("warn", "account waits after wrong passwords", { account, attempts: attempt, waitSeconds: delaySeconds });
  return { limit: free, remaining: 0, resetSeconds: delaySeconds };
}

/**
 * A signed-in user asked for their password again (a password change, turning two-factor sign-in
 * on or off, on the dashboard or the support view): a stolen session guessing it to take the
 * account over is guessing at a way in, so it spends what a sign-in does, from the same counts:
 * one attempt of the address and one of the account. Guesses here and at the sign-in share the
 * account's delay, and a right password while it holds is refused unchecked. A right one is then
 * given back with signInSucceeded.
 */
export async function chargePasswordRecheck({ address, email, device }: { address: string; email: string; device?: string }): Promise<LimitState[]> {
  return [await chargeSignInAddress(address), await chargeSignInAccount(email, device)];
}

/** What a fresh account's count looks like: the state a right password leaves. */
export const accountLimitCleared = (): LimitState => ({ limit: lockSettings().free, remaining: lockSettings().free, resetSeconds: FAILURES_KEPT_SECONDS });

/**
 * A right password (whatever comes next: a session, the second factor, a verification mail): the
 * address gets its attempt back and the account's counts are cleared. Without an e-mail (a second
 * factor's code), only the address's. From a known device, only that device's count: the owner
 * signing in on their phone gives a stranger guessing elsewhere no fresh free attempts.
 */
export async function signInSucceeded({ address, email, device }: { address: string; email?: string; device?: string }) {
  await signInsPerAddress().limiter.reward(addressLimitKey(address), 1);
  if (device !== undefined) await attemptsPerDevice().limiter.delete(device);
  if (email === undefined || device !== undefined) return;
  const account = accountKey(email);
  await Promise.all([attemptsPerAccount().limiter.delete(account), accountTurn().limiter.delete(account)]);
}

/** A sign-up from `address`. */
export const chargeSignUp = (address: string) => spend(signUpsPerAddress(), addressLimitKey(address), { address });

export type AccountMail = "reset" | "verify";

/**
 * A password-reset or verification mail to `email`, asked from `address`: per address, then per
 * e-mail and kind (a request without an e-mail is refused by better-auth's validation after this).
 */
export async function chargeAccountMail({ address, email, kind }: { address: string; email?: string; kind: AccountMail }) {
  await spend(mailsPerAddress(), addressLimitKey(address), { address, kind });
  if (email === undefined) return;
  const account = accountKey(email);
  await spend(mailsPerAccount(), `${kind}:${account}`, { account, kind });
}
