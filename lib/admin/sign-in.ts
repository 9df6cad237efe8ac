import type { DbClient } from "@/lib/db/client";
import { auth } from "@/lib/auth/auth";
import { isLegacyStaffHash } from "@/lib/auth/legacy-staff-password";
import { ApiError } from "@/lib/errors/api-error";
import { validationError } from "@/lib/http/validation-errors";
import { consume, createLimiter, envLimiter, mostRestrictive, withLimitHeaders, type LimitState } from "@/lib/http/rate-limit";
import { signInSchema } from "@/lib/schemas/admin";

// Password guessing is slowed per address and per account (the latter survives address changes).
// The address limit is read on each use so a test can lower it, as the API limits are.
const perIp = () => envLimiter("admin-login-ip", "ADMIN_LOGINS_PER_15_MIN_PER_IP", 20, 15 * 60);
const perAccount = createLimiter("admin-login-account", 5, 15 * 60);

const invalid = () => new ApiError(40002, { details: "Invalid e-mail or password" });

/**
 * Signs a staff member in through better-auth (the same users, sessions and cookie as the merchant
 * dashboard): the answer carries better-auth's Set-Cookie headers. Only users with a staff role
 * that is not disabled get that far; anyone else costs a password hash, as an unknown e-mail does in
 * better-auth, so the answer's timing does not tell staff from other accounts. Every answer says
 * where the caller stands: `rateLimit` on success, the RateLimit-* headers on a refusal, of
 * whichever limit has the fewest tries left.
 */
export async function signIn(client: DbClient, options: { ip: string; headers: Headers; readCredentials: () => Promise<unknown> }) {
  // The address pays before the body is read, as on the API (api-route.ts): a flood of malformed
  // requests is limited too, and costs no more than the limiter.
  const spent: LimitState[] = [await consume(perIp(), options.ip)];
  try {
    const credentials = await options.readCredentials();
    const parsed = signInSchema.safeParse(credentials);
    if (!parsed.success) throw validationError(parsed.error, credentials);
    const email = parsed.data.email.trim().toLowerCase();
    const { password } = parsed.data;
    spent.push(await consume(perAccount, email));
    const context = await auth().$context;
    const user = await client.user.findUnique({ where: { email }, select: { id: true, staffRole: true, disabledAt: true } });
    if (!user?.staffRole || user.disabledAt) {
      await context.password.hash(password);
      throw invalid();
    }
    // As a Response, not a thrown APIError: in the production bundle better-auth's error class may
    // be another copy than the one this module would import, so `instanceof` cannot be relied on.
    const answer = await auth().api.signInEmail({ body: { email, password }, headers: options.headers, asResponse: true });
    // Its own failures (configuration, database) stay failures; its refusals (wrong password) are ours.
    if (answer.status >= 500) throw new Error(`better-auth sign-in answered ${answer.status}`);
    const signedIn = answer.ok ? ((await answer.json()) as { token?: string | null }) : null;
    // A staff account with two-factor sign-in turned on (on the dashboard) gets no session here
    // (no token): the support view has no second step.
    if (!signedIn?.token) throw invalid();
    await rewriteLegacyHash(user.id, password);
    // The account limit is against guessing: a right password clears it, or a staff member who
    // signs in on a few devices would lock themselves out.
    await perAccount.limiter.delete(email);
    spent[1] = { limit: perAccount.points, remaining: perAccount.points, resetSeconds: perAccount.duration };
    const staff = await client.user.findUniqueOrThrow({ where: { id: user.id }, select: { id: true, email: true, staffRole: true, mustChangePassword: true } });
    return {
      staff: { id: staff.id, email: staff.email, role: staff.staffRole!, mustChangePassword: staff.mustChangePassword },
      setCookies: answer.headers.getSetCookie(),
      sessionToken: signedIn.token,
      rateLimit: mostRestrictive(spent),
    };
  } catch (error) {
    throw withLimitHeaders(error, mostRestrictive(spent));
  }
}

/** A password verified against a hash from the former staff sign-in is stored again in better-auth's format. */
async function rewriteLegacyHash(userId: string, password: string) {
  const context = await auth().$context;
  const accounts = await context.internalAdapter.findAccounts(userId);
  const credential = accounts.find((account) => account.providerId === "credential");
  if (credential?.password && isLegacyStaffHash(credential.password)) {
    await context.internalAdapter.updatePassword(userId, await context.password.hash(password));
  }
}
