import "server-only";
import type { PrismaClient } from "@prisma/client";
import { APIError, betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { verifyPassword } from "better-auth/crypto";
import { nextCookies } from "better-auth/next-js";
import { organization, twoFactor } from "better-auth/plugins";
import { db } from "@/lib/core/db/client";
import { CLIENT_ADDRESS_HEADER } from "@/lib/core/request/client-address";
import { errorFields, log } from "@/lib/core/logging/log";
import { authMail } from "@/lib/integrations/mail/auth-mails";
import { sendMail, type Mail } from "@/lib/integrations/mail/send-mail";
import { authSecret } from "./auth-secret";
import { merchantMailLanguage, userMailLanguage } from "./mail-language";
import { openTransaction, rememberingTransactions } from "./open-transaction";
import { authRateLimitStorage } from "./rate-limit-storage";
import { isLegacyStaffHash, verifyLegacyStaffPassword } from "./legacy-staff-password";
import { mailLocale, mailOrigin } from "./request-locale";
import { authAllowedHosts } from "./allowed-hosts";
import { mailLinkBase } from "./public-origin";
import { organizationHooks, organizationRules } from "./organization-rules";
import { accessControl, organizationRoles } from "./roles";
import { clientAddressHeader, LIMITED_PATHS, signInLimits } from "./sign-in-limits-plugin";
import { accountUnlocked, verificationMailAllowed } from "./sign-in-limits";
import { openMerchantOnSignUp } from "./sign-up-merchant";

export const TWO_FACTOR_ISSUER = "Payments";

/**
 * Where links in mails point: BETTER_AUTH_URL, which a production server cannot start without
 * (lib/surfaces/config/production-settings.ts). Outside production, without it, the request's own host, but
 * only from a list (BETTER_AUTH_ALLOWED_HOSTS, default the local machine) so a forged Host header
 * cannot put someone else's site into a password-reset link.
 */
export function authBaseUrl() {
  return mailLinkBase() ?? { allowedHosts: authAllowedHosts(), protocol: "auto" as const };
}

/** The user fields of both instances: this one (the dashboard's) and the support view's (lib/features/staff/staff-auth.ts). */
export const USER_FIELDS = {
  // Asked at sign-up: the name of the merchant the new account opens.
  businessName: { type: "string", required: false, input: true },
  // Asked at sign-up too: the new merchant's country (lib/features/auth/sign-up-merchant.ts keeps only one we serve).
  businessCountry: { type: "string", required: false, input: true },
  // Support staff (lib/features/staff/staff-session.ts): never set through the API, only by staff:create.
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

/** Tests turn better-auth's own limits on (it applies them in production only by default). */
export type AuthOptions = { rateLimitEnabled?: boolean };

/**
 * Sends a reset or verification mail after the answer rather than before it: how long an SMTP
 * server takes would otherwise tell whether an account uses the e-mail (only an existing one is
 * mailed). A mail that cannot be sent is logged; the person can ask again.
 */
function sendOffTheRequestPath(mail: Mail) {
  sendMail(mail).catch((error) => log("error", "account mail not sent", { subject: mail.subject, ...errorFields(error) }));
}

/**
 * On a reset, every other reset link the user was mailed stops working too (better-auth consumes
 * only the one used). Its tokens are Verification rows "reset-password:<token>" whose value is the
 * user's id, stored as is (no `verification.storeIdentifier` hashing is configured).
 */
async function endOtherResetLinks(client: PrismaClient, userId: string) {
  await client.verification.deleteMany({ where: { identifier: { startsWith: "reset-password:" }, value: userId } });
}

/**
 * The client's address by the service's one rule (lib/core/request/client-address.ts), which the route
 * (app/api/auth/[...all]/route.ts) and the clientAddressHeader plugin put in this header over any
 * value the client sent. Both instances: this one and the support view's (lib/features/staff/staff-auth.ts).
 */
export const CLIENT_ADDRESS_OPTIONS = { ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] } };

export function createAuth(client: PrismaClient, options: AuthOptions = {}) {
  return betterAuth({
    appName: TWO_FACTOR_ISSUER,
    baseURL: authBaseUrl(),
    basePath: "/api/auth",
    secret: authSecret(),
    database: prismaAdapter(rememberingTransactions(client), { provider: "postgresql", transaction: true }),
    // better-auth's own limits guard its other routes (two-factor codes, password changes...);
    // sign-in, sign-up and account mails have the service's, for every way in (sign-in-limits-plugin.ts).
    rateLimit: {
      enabled: options.rateLimitEnabled,
      customStorage: authRateLimitStorage(),
      customRules: Object.fromEntries(LIMITED_PATHS.map((path) => [path, false as const])),
    },
    advanced: CLIENT_ADDRESS_OPTIONS,
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
      // better-auth hands its mail hooks the Request it serves; they read off it what a mail needs
      // (its headers, its address) and pass those on: this configuration is better-auth's glue,
      // and the features it calls take no Request (lib/import-layers.test.ts).
      sendResetPassword: async ({ user, url }, request) => {
        sendOffTheRequestPath(authMail("reset", { to: user.email, url, locale: await mailLocale(request?.headers, () => userMailLanguage(client, user)) }));
      },
      onPasswordReset: async ({ user }) => {
        await endOtherResetLinks(client, user.id);
        await accountUnlocked(user.email);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unverified sign-in gets a fresh link (the first may have expired or been lost).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }, request) => {
        if (!(await verificationMailAllowed(user.email))) return;
        sendOffTheRequestPath(authMail("verify", { to: user.email, url, locale: await mailLocale(request?.headers, () => userMailLanguage(client, user)) }));
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
          // Read in better-auth's transaction when it opened one (changePassword with
          // revokeOtherSessions makes this browser's new session in one): on PGlite's single
          // connection a read beside it would wait for the transaction, until it timed out.
          before: async (session) => {
            const member = await (openTransaction() ?? client).member.findFirst({ where: { userId: session.userId }, orderBy: { createdAt: "asc" } });
            return { data: { ...session, activeOrganizationId: member?.organizationId ?? null } };
          },
        },
      },
    },
    plugins: [
      // First: the client's address for all that follows, then the limits, so that a refused
      // attempt costs nothing else.
      clientAddressHeader(),
      signInLimits(),
      organizationRules(),
      organization({
        // Organizations are merchants: they are opened by sign-up, never by the organization API.
        allowUserToCreateOrganization: false,
        ac: accessControl,
        roles: organizationRoles,
        invitationExpiresIn: 7 * 24 * 60 * 60,
        cancelPendingInvitationsOnReInvite: true,
        organizationHooks,
        sendInvitationEmail: async ({ id, email, organization, inviter }, request) => {
          const url = `${await mailOrigin(request ? new URL(request.url) : null)}/dashboard/accept-invitation/${encodeURIComponent(id)}`;
          const locale = await mailLocale(request?.headers, () => merchantMailLanguage(client, organization.id));
          await sendMail(
            authMail("invite", { to: email, url, locale, organization: organization.name, inviter: inviter.user.name || inviter.user.email, inviterEmail: inviter.user.email }),
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

/** The better-auth instance on the process's database client (tests swap the client: lib/core/db/client.ts). */
export function auth(): Auth {
  const client = db();
  if (globalForAuth.__pcsAuth?.client !== client) globalForAuth.__pcsAuth = { client, auth: createAuth(client) };
  return globalForAuth.__pcsAuth.auth;
}
