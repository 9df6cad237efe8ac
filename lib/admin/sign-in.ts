import type { DbClient } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { validationError } from "@/lib/http/validation-errors";
import { consume, createLimiter, envLimiter, mostRestrictive, withLimitHeaders, type LimitState } from "@/lib/http/rate-limit";
import { signInSchema } from "@/lib/schemas/admin";
import { hashPassword, verifyPassword } from "./passwords";
import { createSession } from "./sessions";

// Password guessing is slowed per address and per account (the latter survives address changes).
// The address limit is read on each use so a test can lower it, as the API limits are.
const perIp = () => envLimiter("admin-login-ip", "ADMIN_LOGINS_PER_15_MIN_PER_IP", 20, 15 * 60);
const perAccount = createLimiter("admin-login-account", 5, 15 * 60);
// Checked against when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password.
const decoy = hashPassword("decoy password that matches nothing");

/**
 * Signs a staff member in. Every answer says where the caller stands: `rateLimit` on success, the
 * RateLimit-* headers on a refusal, of whichever limit has the fewest tries left.
 */
export async function signIn(client: DbClient, options: { ip: string; readCredentials: () => Promise<unknown> }) {
  // The address pays before the body is read, as on the API (api-route.ts): a flood of malformed
  // requests is limited too, and costs no more than the limiter.
  const spent: LimitState[] = [await consume(perIp(), options.ip)];
  try {
    const credentials = await options.readCredentials();
    const parsed = signInSchema.safeParse(credentials);
    if (!parsed.success) throw validationError(parsed.error, credentials);
    const email = parsed.data.email.trim().toLowerCase();
    spent.push(await consume(perAccount, email));
    const staff = await client.staff.findUnique({ where: { email } });
    const valid = await verifyPassword(parsed.data.password, staff?.passwordHash ?? (await decoy));
    if (!staff || !valid || staff.disabledAt) {
      throw new ApiError(40002, { details: "Invalid e-mail or password" });
    }
    // The account limit is against guessing: a right password clears it, or a staff member who
    // signs in on a few devices would lock themselves out.
    await perAccount.limiter.delete(email);
    spent[1] = { limit: perAccount.points, remaining: perAccount.points, resetSeconds: perAccount.duration };
    return { staff, ...(await createSession(client, staff.id)), rateLimit: mostRestrictive(spent) };
  } catch (error) {
    throw withLimitHeaders(error, mostRestrictive(spent));
  }
}
