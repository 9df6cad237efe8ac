import "server-only";
import type { PrismaClient } from "@prisma/client";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { twoFactor } from "better-auth/plugins";
import { authBaseUrl, CLIENT_ADDRESS_OPTIONS, SESSION_FIELDS, TWO_FACTOR_ISSUER, USER_FIELDS, verifyAnyPassword } from "@/lib/features/auth/auth";
import { authSecret } from "@/lib/features/auth/auth-secret";
import { clientAddressHeader } from "@/lib/features/auth/sign-in-limits-plugin";
import { db } from "@/lib/core/db/client";
import { STAFF_SURFACE } from "./staff-surface";

/**
 * However long a dashboard session lives (a week), the support view's lasts 8 hours from sign-in
 * and is never extended: staff sign in again each working day.
 */
export const STAFF_SESSION_MAX_AGE_MS = 8 * 60 * 60 * 1000;

/**
 * The support view's own better-auth instance: the same users, passwords, second factors and
 * Session table as the dashboard's (lib/features/auth/auth.ts), but its own cookies, so one browser holds a
 * dashboard session and a support session side by side and signing out of one leaves the other.
 *
 * Why a second instance rather than options on the first: better-auth keeps one session per
 * instance in one cookie, so `advanced.cookiePrefix` or `advanced.cookies` on the shared instance
 * would only rename that one cookie. A second instance with its own prefix is better-auth's own
 * way of holding two. Its cookies are scoped to /admin, so the dashboard never even receives them.
 * Its sessions are marked `surface = "admin"` when created (the hook below, on a field no endpoint
 * takes as input): both instances sign their cookies with the same secret (they must, to read the
 * TOTP secrets the dashboard encrypted), so a token copied from one cookie into the other would
 * verify; the mark is what each side checks (staff-session.ts, lib/features/auth/session-member.ts).
 *
 * It has no HTTP handler: the support view's routes call `staffAuth().api` and pass the cookies on.
 */
function createStaffAuth(client: PrismaClient) {
  return betterAuth({
    appName: TWO_FACTOR_ISSUER,
    baseURL: authBaseUrl(),
    basePath: "/admin/api/auth",
    secret: authSecret(),
    database: prismaAdapter(client, { provider: "postgresql", transaction: true }),
    user: { additionalFields: USER_FIELDS },
    session: { expiresIn: STAFF_SESSION_MAX_AGE_MS / 1000, disableSessionRefresh: true, additionalFields: SESSION_FIELDS },
    emailAndPassword: { enabled: true, requireEmailVerification: true, password: { verify: verifyAnyPassword } },
    advanced: { ...CLIENT_ADDRESS_OPTIONS, cookiePrefix: "pcs-support", defaultCookieAttributes: { path: "/admin" } },
    databaseHooks: {
      session: { create: { before: async (session) => ({ data: { ...session, surface: STAFF_SURFACE } }) } },
    },
    // The same plugin and options as the dashboard's: a code from the app set up there works here,
    // with the same limits on wrong codes (5 per sign-in, then the account is locked after 10 in a row).
    // Its sign-in's limits are the dashboard's, applied by lib/features/staff/sign-in.ts before it gets here.
    plugins: [clientAddressHeader(), twoFactor({ issuer: TWO_FACTOR_ISSUER })],
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;

const globalForStaffAuth = globalThis as unknown as { __pcsStaffAuth?: { client: PrismaClient; auth: StaffAuth } };

/** The support view's better-auth instance on the process's database client (tests swap the client). */
export function staffAuth(): StaffAuth {
  const client = db();
  if (globalForStaffAuth.__pcsStaffAuth?.client !== client) globalForStaffAuth.__pcsStaffAuth = { client, auth: createStaffAuth(client) };
  return globalForStaffAuth.__pcsStaffAuth.auth;
}
