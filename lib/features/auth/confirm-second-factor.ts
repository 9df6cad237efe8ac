import "server-only";
import type { DbClient } from "@/lib/core/db/client";
import { DomainError } from "@/lib/core/errors/domain-error";
import { consume, limitFromEnv, limiterFor, limitReached, secondsUntil } from "@/lib/core/limits/rate-limit";
import { auth } from "./auth";
import { BACKUP_CODE } from "./second-factor-code";

// A member who turned two-factor on confirms a sensitive dashboard action (approving a bulk
// payout, issue 49) with a code from their authenticator app, checked by better-auth against the
// request's own session (the security page's check). better-auth counts wrong codes only for a
// sign-in's pending second step, not for a signed-in session: wrong codes are limited here (5 per
// 15 minutes per member), so a stolen session cannot walk the million codes. A member who lost
// their phone uses one of their backup codes instead, as at sign-in: better-auth spends it (each
// works once) without opening another session (disableSession).

const tries = () => limiterFor("action-second-factor", limitFromEnv("ACTION_SECOND_FACTOR_TRIES", 5), 15 * 60);

/** better-auth's answer to a code: an app's current code, or a backup code; null for neither shape. */
function check(code: string, headers: Headers): Promise<Response> | null {
  if (/^\d{6}$/.test(code)) return auth().api.verifyTOTP({ body: { code }, headers, asResponse: true });
  if (BACKUP_CODE.test(code)) return auth().api.verifyBackupCode({ body: { code, disableSession: true }, headers, asResponse: true });
  return null;
}

/** Nothing for a member without two-factor; else their current code or an unused backup code, or 40019 beside the `code` field (40007 when absent). */
export async function confirmSecondFactor(client: DbClient, options: { userId: string; code: string; headers: Headers }) {
  const user = await client.user.findUnique({ where: { id: options.userId }, select: { twoFactorEnabled: true } });
  if (!user?.twoFactorEnabled) return;
  const code = options.code.replace(/\s/g, "");
  if (!code) throw new DomainError("invalid", { reason: "otp", field: "code", rule: "required", details: "code is required: your two-factor code confirms this action" });
  const limit = tries();
  const spent = await limit.limiter.get(options.userId);
  if (spent && spent.consumedPoints >= limit.points) {
    throw limitReached(limit.points, secondsUntil(spent), `Too many wrong two-factor codes: try again in ${secondsUntil(spent)} s`);
  }
  const answer = await check(code, options.headers);
  if (answer && answer.status >= 500) throw new Error(`better-auth two-factor check answered ${answer.status}`);
  if (answer?.ok) return;
  // Only wrong codes count: a member approving many batches is never held back.
  await consume(limit, options.userId).catch(() => undefined);
  throw new DomainError("invalid", { reason: "otp", field: "code", rule: "wrong_code", details: "code is neither your authenticator app's current code nor an unused backup code" });
}
