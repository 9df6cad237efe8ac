import type { DbClient } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { consume, createLimiter, limitFromEnv } from "@/lib/http/rate-limit";
import { hashPassword, verifyPassword } from "./passwords";
import { createSession } from "./sessions";

// Password guessing is slowed per address and per account (the latter survives address changes).
const perIp = createLimiter("admin-login-ip", limitFromEnv("ADMIN_LOGINS_PER_15_MIN_PER_IP", 20), 15 * 60);
const perAccount = createLimiter("admin-login-account", 5, 15 * 60);
// Checked against when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password.
const decoy = hashPassword("decoy password that matches nothing");

export async function signIn(client: DbClient, options: { email: string; password: string; ip: string }) {
  const email = options.email.trim().toLowerCase();
  await consume(perIp, options.ip);
  await consume(perAccount, email);
  const staff = await client.staff.findUnique({ where: { email } });
  const valid = await verifyPassword(options.password, staff?.passwordHash ?? (await decoy));
  if (!staff || !valid || staff.disabledAt) {
    throw new ApiError(40002, "Unauthorized request", { details: "Invalid e-mail or password" });
  }
  return { staff, ...(await createSession(client, staff.id)) };
}
