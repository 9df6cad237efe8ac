import "server-only";
import type { PrismaClient } from "@prisma/client";
import { APIError, betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { verifyPassword } from "better-auth/crypto";
import { nextCookies } from "better-auth/next-js";
import { organization, twoFactor } from "better-auth/plugins";
import { db } from "@/lib/db/client";
import { errorFields, log } from "@/lib/logging/log";
import { authMail } from "@/lib/mail/auth-mails";
import { sendMail } from "@/lib/mail/send-mail";
import { authSecret } from "./auth-secret";
import { merchantMailLanguage, userMailLanguage } from "./mail-language";
import { openTransaction, rememberingTransactions } from "./open-transaction";
import { authRateLimitStorage } from "./rate-limit-storage";
import { isLegacyStaffHash, verifyLegacyStaffPassword } from "./legacy-staff-password";
import { mailLocale, mailOrigin } from "./request-locale";
import { authAllowedHosts } from "./allowed-hosts";
import { accessControl, organizationRoles } from "./roles";
import { openMerchantOnSignUp } from "./sign-up-merchant";

export const TWO_FACTOR_ISSUER = "Payments";

/**
 * Where links in mails point. BETTER_AUTH_URL in production; otherwise the request's own host, but
 * only from a list (BETTER_AUTH_ALLOWED_HOSTS, default the local machine) so a forged Host header
 * cannot put someone else's site into a password-reset link.
 */
export function authBaseUrl() {
  const configured = process.env.BETTER_AUTH_URL?.trim();
  if (configured) return configured;
  return { allowedHosts: authAllowedHosts(), protocol: "auto" as const };
}

/** The user fields of both instances: this one (the dashboard's) and the support view's (lib/admin/staff-auth.ts). */
export const USER_FIELDS = {
  // Asked at sign-up: the name of the merchant the new account opens.
  businessName: { type: "string", required: false, input: true },
  // Support staff (lib/admin/staff-session.ts): never set through the API, only by staff:create.
  staffRole: { type: "string", required: false, input: false },
  mustChangePassword: { type: "boolean", required: false, defaultValue: false, input: false },
  disabledAt: { type: "date", required: false, input: false },
} as const;

/** Which view a session was opened for: null here, "admin" in the support view's instance. Never input. */
export const SESSION_FIELDS = { surface: { type: "string", required: false, input: false } } as const;

// Staff accounts migrated from the former support sign-in keep their scrypt hashes until their
// next sign-in rewrites them: both formats verify, new hashes are better-auth's own.
export const verifyAnyPassword = ({ hash, password }: { hash: string; password: string }) =>
  isLegacyStaffHash(hash) ? verifyLegacyStaffPassword(password, hash) : verifyPassword({ hash, password });

/** Tests turn the limits on (better-auth applies them in production only by default). */
export type AuthOptions = { rateLimitEnabled?: boolean };

export function createAuth(client: PrismaClient, options: AuthOptions = {}) {
  return betterAuth({
    appName: TWO_FACTOR_ISSUER,
    baseURL: authBaseUrl(),
    basePath: "/api/auth",
    secret: authSecret(),
    database: prismaAdapter(rememberingTransactions(client), { provider: "postgresql", transaction: true }),
    rateLimit: { enabled: options.rateLimitEnabled, customStorage: authRateLimitStorage() },
    user: { additionalFields: USER_FIELDS },
    session: {
      // Sessions live in the database (revocable, they survive restarts); the cookie cache is off so
      // a revoked session stops working on its next request.
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      additionalFields: SESSION_FIELDS,
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 10,
      revokeSessionsOnPasswordReset: true,
      password: { verify: verifyAnyPassword },
      sendResetPassword: async ({ user, url }, request) => {
        await sendMail(authMail("reset", { to: user.email, url, locale: await mailLocale(request, () => userMailLanguage(client, user)) }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unverified sign-in gets a fresh link (the first may have expired or been lost).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }, request) => {
        await sendMail(authMail("verify", { to: user.email, url, locale: await mailLocale(request, () => userMailLanguage(client, user)) }));
      },
    },
    databaseHooks: {
      account: {
        create: {
          // Sign-up's merchant, inside better-auth's transaction so it never leaves a user without one.
          before: async (account) => {
            try {
              await openMerchantOnSignUp(openTransaction() ?? client, account);
            } catch (error) {
              log("error", "sign-up could not open the merchant: the account is rolled back", errorFields(error));
              throw new APIError("INTERNAL_SERVER_ERROR", { code: "MERCHANT_NOT_CREATED", message: "The account could not be opened. Please try again." });
            }
          },
        },
      },
      session: {
        create: {
          // The dashboard shows one merchant at a time: a new session opens on the user's first one.
          before: async (session) => {
            const member = await client.member.findFirst({ where: { userId: session.userId }, orderBy: { createdAt: "asc" } });
            return { data: { ...session, activeOrganizationId: member?.organizationId ?? null } };
          },
        },
      },
    },
    plugins: [
      organization({
        // Organizations are merchants: they are opened by sign-up, never by the organization API.
        allowUserToCreateOrganization: false,
        ac: accessControl,
        roles: organizationRoles,
        invitationExpiresIn: 7 * 24 * 60 * 60,
        cancelPendingInvitationsOnReInvite: true,
        sendInvitationEmail: async ({ id, email, organization, inviter }, request) => {
          const url = `${await mailOrigin(request)}/dashboard/accept-invitation/${encodeURIComponent(id)}`;
          await sendMail(
            authMail("invite", { to: email, url, locale: await mailLocale(request, () => merchantMailLanguage(client, organization.id)), organization: organization.name, inviter: inviter.user.name || inviter.user.email }),
          );
        },
      }),
      twoFactor({ issuer: TWO_FACTOR_ISSUER }),
      // Server actions sign in and out: this plugin lets them set the session cookie.
      nextCookies(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { __pcsAuth?: { client: PrismaClient; auth: Auth } };

/** The better-auth instance on the process's database client (tests swap the client: lib/db/client.ts). */
export function auth(): Auth {
  const client = db();
  if (globalForAuth.__pcsAuth?.client !== client) globalForAuth.__pcsAuth = { client, auth: createAuth(client) };
  return globalForAuth.__pcsAuth.auth;
}
