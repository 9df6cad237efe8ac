import { RateLimiterRes } from "rate-limiter-flexible";
import { isOutcome } from "@/lib/core/errors/domain-error";
import { consume, envLimiter, limiterFor, limitFromEnv, limitReached, secondsUntil, type Limiter, type LimitState } from "@/lib/core/limits/rate-limit";
import { log } from "@/lib/core/logging/log";
import { addressLimitKey } from "@/lib/core/request/client-address";
import { db } from "@/lib/core/db/client";
import { accountKey, deviceKey, type KnownDevice } from "./known-device";

// The limits of every way into an account, in one place: the dashboard's forms (server actions)
// and better-auth's routes under /api/auth both reach them through lib/features/auth/sign-in-limits-plugin.ts,
// the support view's sign-in through lib/features/staff/sign-in.ts. One count per address and per account
// whichever way a guess comes in. Counted by rate-limiter-flexible (lib/core/limits/rate-limit.ts): in
// Redis, shared by every app process, when REDIS_URL is set; in the process otherwise. Each
// setting is read from the environment on each use (so a test can lower it); a refusal is the
// limited outcome (with when to retry), which each surface answers its own way (the API's 429).

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
 * Per account and client address, wrong passwords slow guessing down without ever locking the
 * owner out for good, in the manner of rate-limiter-flexible's brute-force protection (its
 * ExpressBruteFlexible, which is Express middleware, hence this small copy of the idea). The first
 * SIGN_IN_FREE_FAILURES_PER_ACCOUNT - 1 attempts are free. From then on each attempt takes the
 * "turn": it holds the account, for that address, for a delay that starts at
 * SIGN_IN_LOCK_FIRST_SECONDS and doubles with every further attempt, up to SIGN_IN_LOCK_MAX_SECONDS;
 * an attempt while the turn is held is refused without trying the password (the right one
 * included). So after five wrong passwords from one address the account waits 30 s, then 1, 2, 4,
 * 8 min, then 15 min between guesses from there: about 100 guesses a day per address. Attempts are
 * counted when they start, as if wrong, until a right password proves otherwise, and the turn is
 * taken atomically: a burst of parallel guesses gets no more tries than a sequence. Counts are
 * forgotten a day after they started.
 *
 * Counted per (account, address) (OWASP's advice: slowing down must not hand a stranger a way to
 * keep the owner out), so a stranger guessing from one place does not make the owner wait on a
 * new phone elsewhere. A guesser with many addresses meets the account-wide count: the same
 * delays after SIGN_IN_FREE_FAILURES_PER_ACCOUNT_WIDE attempts from anywhere (default 200, about
 * two addresses' full day of patient guessing). Once that one holds the account, a new device
 * waits as before; the owner's ways past it are a known device (below), or the mailed reset link:
 * a password reset clears the account-wide count (the owner proved the mailbox, and whatever was
 * guessed was the old password).
 *
 * A browser where the right password was typed before carries a signed cookie
 * (lib/features/auth/known-device.ts): its attempts skip both delays and have a count of their own,
 * the same free attempts, after which that cookie counts for nothing. The cookie is honoured for
 * 180 days and only if given after the password last changed.
 */
const lockSettings = () => ({
  free: limitFromEnv("SIGN_IN_FREE_FAILURES_PER_ACCOUNT", 5),
  accountWideFree: limitFromEnv("SIGN_IN_FREE_FAILURES_PER_ACCOUNT_WIDE", 200),
  firstSeconds: limitFromEnv("SIGN_IN_LOCK_FIRST_SECONDS", 30),
  maxSeconds: limitFromEnv("SIGN_IN_LOCK_MAX_SECONDS", 15 * 60),
});
const FAILURES_KEPT_SECONDS = 24 * 60 * 60;
// Attempts, and the one point held by the attempt whose turn it is for that attempt's delay (its
// customDuration): per (account, address), and per account from anywhere.
const attemptsFromAddress = () => limiterFor("sign-in-account-address-attempts", Number.MAX_SAFE_INTEGER, FAILURES_KEPT_SECONDS);
const turnFromAddress = () => limiterFor("sign-in-account-address-turn", 1, FAILURES_KEPT_SECONDS);
const attemptsPerAccount = () => limiterFor("sign-in-account-attempts", Number.MAX_SAFE_INTEGER, FAILURES_KEPT_SECONDS);
const accountTurn = () => limiterFor("sign-in-account-turn", 1, FAILURES_KEPT_SECONDS);
// Attempts from a known device, by its cookie's nonce.
const attemptsPerDevice = () => limiterFor("sign-in-device-attempts", Number.MAX_SAFE_INTEGER, FAILURES_KEPT_SECONDS);

/** Spends one point of `limit` for `key`; a refusal is logged (what was limited, for whom) and thrown. */
async function spend(limit: Limiter, key: string, fields: Record<string, unknown>): Promise<LimitState> {
  try {
    return await consume(limit, key);
  } catch (error) {
    if (isOutcome(error, "limited")) log("warn", "account limit reached", { limit: limit.name, ...fields, retryAfterSeconds: error.retryAfterSeconds });
    throw error;
  }
}

/** A sign-in attempt from `address`, before its body is read (malformed requests count too). */
export const chargeSignInAddress = (address: string) => spend(signInsPerAddress(), addressLimitKey(address), { address });

type Scope = { name: string; key: string; free: number; attempts: Limiter; turn: Limiter };

/**
 * The counts an attempt on `account` from `address` spends: that address's and the account-wide
 * one. A password re-check also spends the account's re-check count, from any address: whoever
 * re-enters a password holds a session of the account already, so a stolen session guessing
 * from many addresses meets the delay after the same few free attempts as one guessing from one.
 */
function scopesOf(account: string, address: string, recheck = false): Scope[] {
  const { free, accountWideFree } = lockSettings();
  const fromAddress = (where: string, name: string): Scope => ({ name, key: `${account}\n${where}`, free, attempts: attemptsFromAddress(), turn: turnFromAddress() });
  return [
    fromAddress(addressLimitKey(address), "sign-in-account-address"),
    { name: "sign-in-account", key: account, free: accountWideFree, attempts: attemptsPerAccount(), turn: accountTurn() },
    // "?" is no client address (clientAddress says "unknown" at worst): the re-checks from anywhere.
    ...(recheck ? [fromAddress("?", "password-recheck")] : []),
  ];
}

/**
 * The device of `device` if its cookie still counts: given after the account's password last
 * changed (a reset or a change ends every known device). The password's version is its credential
 * row's updatedAt, which better-auth moves on every new password.
 */
export async function currentKnownDevice(email: string, device: KnownDevice | undefined): Promise<KnownDevice | undefined> {
  if (device === undefined) return undefined;
  const credential = await db().account.findFirst({ where: { providerId: "credential", user: { email: accountKey(email) } }, select: { updatedAt: true } });
  return credential && device.issuedAt >= credential.updatedAt.getTime() ? device : undefined;
}

/**
 * A sign-in attempt on the account of `email` from `address`: free, its turn, or refused while
 * another attempt holds a turn. From a known `device` (knownDevice: its cookie for this account),
 * tried whatever the account's turns, within that device's own free attempts.
 */
export async function chargeSignInAccount(email: string, cookieDevice: KnownDevice | undefined, address: string, recheck = false): Promise<LimitState> {
  const account = accountKey(email);
  const { free, firstSeconds, maxSeconds } = lockSettings();
  const device = await currentKnownDevice(account, cookieDevice);
  if (device !== undefined) {
    const attempt = (await attemptsPerDevice().limiter.consume(deviceKey(device))).consumedPoints;
    if (attempt <= free) return { limit: free, remaining: free - attempt, resetSeconds: FAILURES_KEPT_SECONDS };
  }
  const refused = (scope: Scope, res: RateLimiterRes) => {
    const wait = secondsUntil(res);
    log("warn", "account limit reached", { limit: scope.name, account, address, retryAfterSeconds: wait });
    return limitReached(scope.free, wait, `Too many wrong passwords for this account; retry in ${wait} s`);
  };
  const scopes = scopesOf(account, address, recheck);
  for (const scope of scopes) {
    const held = await scope.turn.limiter.get(scope.key);
    if (held && held.consumedPoints > 0 && held.msBeforeNext > 0) throw refused(scope, held);
  }

  const counted: Scope[] = [];
  const states: LimitState[] = [];
  for (const scope of scopes) {
    const attempt = (await scope.attempts.limiter.consume(scope.key)).consumedPoints;
    counted.push(scope);
    if (attempt < scope.free) {
      states.push({ limit: scope.free, remaining: scope.free - attempt, resetSeconds: FAILURES_KEPT_SECONDS });
      continue;
    }
    const delaySeconds = Math.min(firstSeconds * 2 ** (attempt - scope.free), maxSeconds);
    const taken = await scope.turn.limiter.penalty(scope.key, 1, { customDuration: delaySeconds });
    if (taken.consumedPoints > 1) {
      // Another attempt holds the turn (a parallel guess): this one was never tried.
      await Promise.all(counted.map((done) => done.attempts.limiter.reward(done.key, 1)));
      throw refused(scope, taken);
    }
    log("warn", "account waits after wrong passwords", { limit: scope.name, account, address, attempts: attempt, waitSeconds: delaySeconds });
    states.push({ limit: scope.free, remaining: 0, resetSeconds: delaySeconds });
  }
  // What the caller is told: the count from its own address (the account-wide one is not its to see).
  return states[0];
}

/**
 * A signed-in user asked for their password again (a password change, turning two-factor sign-in
 * on or off, on the dashboard or the support view): a stolen session guessing it to take the
 * account over is guessing at a way in, so it spends what a sign-in does, from the same counts:
 * one attempt of the address and one of the account. Guesses here and at the sign-in share the
 * account's delay, and a right password while it holds is refused unchecked. A right one is then
 * given back with signInSucceeded.
 */
export async function chargePasswordRecheck({ address, email, device }: { address: string; email: string; device?: KnownDevice }): Promise<LimitState[]> {
  return [await chargeSignInAddress(address), await chargeSignInAccount(email, device, address, true)];
}

/** What a fresh account's count looks like: the state a right password leaves. */
export const accountLimitCleared = (): LimitState => ({ limit: lockSettings().free, remaining: lockSettings().free, resetSeconds: FAILURES_KEPT_SECONDS });

/**
 * A right password (whatever comes next: a session, the second factor, a verification mail): the
 * address gets its attempt back and the account's counts (from that address, and account-wide)
 * are cleared. Without an e-mail (a second factor's code), only the address's. From a known
 * device, only that device's count: the owner signing in on their phone gives a stranger guessing
 * elsewhere no fresh free attempts.
 */
export async function signInSucceeded({ address, email, device: cookieDevice }: { address: string; email?: string; device?: KnownDevice }) {
  await signInsPerAddress().limiter.reward(addressLimitKey(address), 1);
  if (email === undefined) return;
  const device = await currentKnownDevice(email, cookieDevice);
  if (device !== undefined) {
    await attemptsPerDevice().limiter.delete(deviceKey(device));
    return;
  }
  // The address's count, the account's re-checks' (scopesOf), and the account-wide one.
  const counts = scopesOf(accountKey(email), address, true);
  await Promise.all(counts.flatMap((count) => [count.attempts.limiter.delete(count.key), count.turn.limiter.delete(count.key)]));
}

/**
 * A password reset: the account's account-wide count and turn are cleared (the owner proved the
 * mailbox, and whatever was guessed was the old password). The counts per address run out.
 */
export async function accountUnlocked(email: string) {
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

// Verification mails as they are sent, however asked: at sign-up, at each sign-in of an unverified
// account (better-auth's sendOnSignIn, which no route limit sees: the sign-in is the request), or
// by the resend form. One per ACCOUNT_MAIL_INTERVAL_SECONDS per account and a few a day.
const verificationMailsPerInterval = () => limiterFor("verification-mail-sent", 1, limitFromEnv("ACCOUNT_MAIL_INTERVAL_SECONDS", 120));
const verificationMailsPerDay = () => envLimiter("verification-mail-day", "VERIFICATION_MAILS_PER_DAY_PER_ACCOUNT", 5, 24 * 60 * 60);

/**
 * Whether a verification mail to `email` may go now. A refused one is not sent and the request is
 * answered as if it were (a sign-in's "confirm your e-mail first"), so nothing tells the asker.
 */
export async function verificationMailAllowed(email: string): Promise<boolean> {
  const account = accountKey(email);
  try {
    await spend(verificationMailsPerInterval(), account, { account, kind: "verify-sent" });
    await spend(verificationMailsPerDay(), account, { account, kind: "verify-sent" });
    return true;
  } catch (error) {
    if (isOutcome(error, "limited")) return false;
    throw error;
  }
}
