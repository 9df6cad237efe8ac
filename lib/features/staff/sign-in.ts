import type { DbClient } from "@/lib/core/db/client";
import { isLegacyStaffHash } from "@/lib/features/auth/legacy-staff-password";
import { DomainError } from "@/lib/core/errors/domain-error";
import { validationError } from "@/lib/core/errors/validation-errors";
import type { StaffMember } from "./staff-session";
import { knownDevice, knownDeviceSetCookie } from "@/lib/features/auth/known-device";
import { accountLimitCleared, chargeSignInAccount, chargeSignInAddress, signInSucceeded } from "@/lib/features/auth/sign-in-limits";
import { mostRestrictive, withLimitHeaders, type LimitState } from "@/lib/core/limits/rate-limit";
import { secondFactorSchema, signInSchema } from "@/lib/core/schemas/support";
import { staffAuth } from "./staff-auth";

// Password guessing is slowed per address and per account by the limits every way in shares
// (lib/features/auth/sign-in-limits.ts): a guess here counts as one on the dashboard's sign-in.

/** The address's state once a right password or code gave its attempt back. */
const givenBack = (state: LimitState): LimitState => ({ ...state, remaining: Math.min(state.limit, state.remaining + 1) });

const invalid = () => new DomainError("unauthenticated", { details: "Invalid e-mail or password" });

export type SignedIn = { step: "signed-in"; staff: StaffMember; setCookies: string[]; sessionToken: string; rateLimit: LimitState };
/** A right password for an account with two-factor sign-in: its cookie holds the pending step. */
export type SecondStepAsked = { step: "two-factor"; setCookies: string[]; rateLimit: LimitState };

/**
 * Signs a staff member in through the support view's better-auth instance (the dashboard's users
 * and passwords, its own session cookie): the answer carries better-auth's Set-Cookie headers. Only
 * users with a staff role that is not disabled get that far; anyone else costs a password hash, as
 * an unknown e-mail does in better-auth, so the answer's timing does not tell staff from other
 * accounts. An account with two-factor sign-in turned on gets no session yet, only the cookie of
 * the second step (verifySecondFactor). Every answer says where the caller stands: `rateLimit` on
 * success, the RateLimit-* headers on a refusal, of whichever limit has the fewest tries left.
 */
export async function signIn(client: DbClient, options: { ip: string; headers: Headers; readCredentials: () => Promise<unknown> }): Promise<SignedIn | SecondStepAsked> {
  // The address pays before the body is read, as on the API (api-route.ts): a flood of malformed
  // requests is limited too, and costs no more than the limiter.
  const spent: LimitState[] = [await chargeSignInAddress(options.ip)];
  try {
    const credentials = await options.readCredentials();
    const parsed = signInSchema.safeParse(credentials);
    if (!parsed.success) throw validationError(parsed.error, credentials);
    const email = parsed.data.email.trim().toLowerCase();
    const { password } = parsed.data;
    const device = knownDevice(options.headers.get("cookie"), email);
    spent.push(await chargeSignInAccount(email, device, options.ip));
    const context = await staffAuth().$context;
    const user = await client.user.findUnique({ where: { email }, select: { id: true, staffRole: true, disabledAt: true } });
    if (!user?.staffRole || user.disabledAt) {
      await context.password.hash(password);
      throw invalid();
    }
    // As a Response, not a thrown APIError: in the production bundle better-auth's error class may
    // be another copy than the one this module would import, so `instanceof` cannot be relied on.
    const answer = await staffAuth().api.signInEmail({ body: { email, password }, headers: options.headers, asResponse: true });
    // Its own failures (configuration, database) stay failures; its refusals (wrong password) are ours.
    if (answer.status >= 500) throw new Error(`better-auth sign-in answered ${answer.status}`);
    const signedIn = answer.ok ? ((await answer.json()) as { token?: string | null; twoFactorRedirect?: boolean }) : null;
    if (!signedIn?.token && !signedIn?.twoFactorRedirect) throw invalid();
    await rewriteLegacyHash(user.id, password);
    // The limits are against guessing: a right password gives the address its attempt back and
    // clears the account's count. (Wrong codes have better-auth's limits.)
    await signInSucceeded({ address: options.ip, email, device });
    spent[0] = givenBack(spent[0]);
    spent[1] = accountLimitCleared();
    const setCookies = [...answer.headers.getSetCookie(), knownDeviceSetCookie(email)];
    if (!signedIn.token) return { step: "two-factor", setCookies, rateLimit: mostRestrictive(spent) };
    return { step: "signed-in", staff: await staffMember(client, user.id), setCookies, sessionToken: signedIn.token, rateLimit: mostRestrictive(spent) };
  } catch (error) {
    throw withLimitHeaders(error, mostRestrictive(spent));
  }
}

async function staffMember(client: DbClient, id: string): Promise<StaffMember> {
  const staff = await client.user.findUniqueOrThrow({ where: { id }, select: { id: true, email: true, staffRole: true, mustChangePassword: true } });
  return { id: staff.id, email: staff.email, role: staff.staffRole!, mustChangePassword: staff.mustChangePassword };
}

/** better-auth's refusals of a second-step code, as the spec's errors. */
function codeRefusal(code: string | undefined): DomainError {
  switch (code) {
    case "INVALID_CODE":
    case "INVALID_BACKUP_CODE":
      return new DomainError("invalid", { reason: "otp", details: "code: is neither the app's current code nor an unused backup code" });
    // Five wrong codes end the pending sign-in (the password is asked again) ...
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return new DomainError("limited", { details: "Too many wrong codes: sign in again" });
    // ... and ten in a row, over any number of sign-ins, lock the account's second step for 15 minutes.
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return new DomainError("limited", { details: "Too many wrong codes: two-factor sign-in is locked for 15 minutes" });
    default:
      // No pending sign-in (no cookie, expired after 10 minutes, or already used).
      return new DomainError("unauthenticated", { details: "Sign in with your password first" });
  }
}

/**
 * The second step of a two-factor sign-in: a code from the authenticator app (6 digits) or one
 * of the backup codes given when it was turned on (each works once), checked by better-auth
 * against the pending sign-in of the request's cookie. Wrong codes are limited as on the dashboard
 * (the same plugin); the address pays as for a password. A user who lost the staff role or was
 * disabled in between gets nothing (the session just opened is ended).
 */
export async function verifySecondFactor(client: DbClient, options: { ip: string; headers: Headers; readCode: () => Promise<unknown> }): Promise<SignedIn> {
  const spent: LimitState[] = [await chargeSignInAddress(options.ip)];
  try {
    const input = await options.readCode();
    const parsed = secondFactorSchema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error, input);
    const code = parsed.data.code.replace(/\s/g, "");
    const body = { code };
    const api = staffAuth().api;
    const answer = /^\d{6}$/.test(code)
      ? await api.verifyTOTP({ body, headers: options.headers, asResponse: true })
      : await api.verifyBackupCode({ body, headers: options.headers, asResponse: true });
    if (answer.status >= 500) throw new Error(`better-auth two-factor check answered ${answer.status}`);
    const result = (await answer.json().catch(() => null)) as { token?: string; user?: { id: string }; code?: string } | null;
    if (!answer.ok || !result?.token || !result.user) throw codeRefusal(result?.code);
    const user = await client.user.findUnique({ where: { id: result.user.id }, select: { staffRole: true, disabledAt: true } });
    if (!user?.staffRole || user.disabledAt) {
      await (await staffAuth().$context).internalAdapter.deleteSession(result.token);
      throw invalid();
    }
    await signInSucceeded({ address: options.ip });
    spent[0] = givenBack(spent[0]);
    return { step: "signed-in", staff: await staffMember(client, result.user.id), setCookies: answer.headers.getSetCookie(), sessionToken: result.token, rateLimit: mostRestrictive(spent) };
  } catch (error) {
    throw withLimitHeaders(error, mostRestrictive(spent));
  }
}

/** A password verified against a hash from the former staff sign-in is stored again in better-auth's format. */
async function rewriteLegacyHash(userId: string, password: string) {
  const context = await staffAuth().$context;
  const accounts = await context.internalAdapter.findAccounts(userId);
  const credential = accounts.find((account) => account.providerId === "credential");
  if (credential?.password && isLegacyStaffHash(credential.password)) {
    await context.internalAdapter.updatePassword(userId, await context.password.hash(password));
  }
}
