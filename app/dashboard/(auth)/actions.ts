"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "@/lib/features/auth/auth";
import { getDashboardSession } from "@/lib/features/auth/dashboard-session";
import { dashboardRedirectTarget } from "@/lib/features/auth/redirect-target";
import { BACKUP_CODE } from "@/lib/features/auth/second-factor-code";
import { postedSecondFactor } from "@/lib/surfaces/dashboard/second-factor-form";
import { RESET_PAGE, RESET_TOKEN_COOKIE, resetTokenCookieOptions } from "@/lib/features/auth/reset-link";
import { retryAfterOf } from "@/lib/core/limits/retry-wait";
import { getSignInLanding } from "@/lib/features/auth/account-actions";

// The account forms post here (server actions work before any JavaScript loads). better-auth does
// the work; its nextCookies plugin sets and clears the session cookie on the response. A refusal
// comes back to the form as ?error=<kind>, which the page words in the reader's language.

type ErrorKind = "invalidCredentials" | "unverified" | "emailTaken" | "weakPassword" | "invalidCode" | "invalidToken" | "tooMany" | "missing" | "generic";

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

function errorKind(error: unknown): ErrorKind {
  const e = error as { status?: string | number; statusCode?: number; body?: { code?: string } };
  const code = e?.body?.code ?? "";
  if (code === "EMAIL_NOT_VERIFIED") return "unverified";
  if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_PASSWORD") return "invalidCredentials";
  if (/USER_ALREADY_EXISTS/.test(code)) return "emailTaken";
  if (/PASSWORD_TOO_SHORT|PASSWORD_TOO_LONG/.test(code)) return "weakPassword";
  if (/INVALID_CODE|INVALID_TWO_FACTOR|OTP|TOTP|BACKUP/.test(code)) return "invalidCode";
  if (/INVALID_TOKEN|TOKEN_EXPIRED/.test(code)) return "invalidToken";
  if (e?.statusCode === 429 || e?.status === "TOO_MANY_REQUESTS") return "tooMany";
  if (e?.statusCode === undefined) throw error;
  return "generic";
}

function back(path: string, params: Record<string, string | undefined>): never {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
  redirect(`${path}${search.size ? `?${search}` : ""}`);
}

export async function signUpAction(form: FormData) {
  const name = field(form, "name");
  const businessName = field(form, "businessName");
  const businessCountry = field(form, "businessCountry");
  const email = field(form, "email").toLowerCase();
  const password = form.get("password");
  const next = dashboardRedirectTarget(field(form, "next"));
  if (!name || !email || typeof password !== "string" || !password) back("/dashboard/sign-up", { error: "missing", next });
  let failure: ErrorKind | null = null;
  try {
    // The verification link signs in and comes back to the page after sign-in (an invitation, or
    // the dashboard: in test mode, where a new merchant works until its live payments are activated).
    const callbackURL = next === "/dashboard" ? "/test/dashboard" : next;
    await auth().api.signUpEmail({
      body: { name, email, password, businessName: businessName || undefined, businessCountry: businessCountry || undefined, callbackURL },
      headers: await headers(),
    });
  } catch (error) {
    failure = errorKind(error);
  }
  if (failure) back("/dashboard/sign-up", { error: failure, next });
  back("/dashboard/verify-email", { email });
}

export async function signInAction(form: FormData) {
  const email = field(form, "email").toLowerCase();
  const password = form.get("password");
  const next = dashboardRedirectTarget(field(form, "next"));
  if (!email || typeof password !== "string" || !password) back("/dashboard/sign-in", { error: "missing", next });
  let failure: ErrorKind | null = null;
  let wait: string | undefined;
  let twoFactor = false;
  try {
    // An unverified account gets a fresh verification link whose sign-in lands where this one
    // would: the home in test mode while the merchant's live payments are off.
    const result = await auth().api.signInEmail({ body: { email, password, callbackURL: await getSignInLanding(email, next) }, headers: await headers() });
    twoFactor = "twoFactorRedirect" in result && Boolean(result.twoFactorRedirect);
  } catch (error) {
    failure = errorKind(error);
    wait = retryAfterOf(error);
  }
  if (failure === "unverified") back("/dashboard/verify-email", { email, error: "unverified" });
  // A refusal by the limits says how long to wait (the limiter's retry time).
  if (failure) back("/dashboard/sign-in", { error: failure, wait: failure === "tooMany" ? wait : undefined, next });
  // Signed in: the home asked for by default opens in test mode while the merchant's live payments are off.
  const landing = await getSignInLanding(email, next);
  if (twoFactor) back("/dashboard/sign-in", { step: "two-factor", next: landing });
  redirect(landing);
}

export async function verifyTotpAction(form: FormData) {
  const code = postedSecondFactor(form);
  const next = dashboardRedirectTarget(field(form, "next"));
  let failure: ErrorKind | null = null;
  try {
    // A backup code (the member without their phone) is spent by better-auth: each works once.
    const request = { body: { code }, headers: await headers() };
    await (BACKUP_CODE.test(code) ? auth().api.verifyBackupCode(request) : auth().api.verifyTOTP(request));
  } catch (error) {
    failure = errorKind(error);
  }
  if (failure) back("/dashboard/sign-in", { step: "two-factor", error: failure === "generic" ? "invalidCode" : failure, next });
  redirect(next);
}

export async function resendVerificationAction(form: FormData) {
  const email = field(form, "email").toLowerCase();
  if (!email) back("/dashboard/verify-email", { error: "missing" });
  try {
    // The link signs in and opens the home in the mode the merchant works in (test mode until activation).
    await auth().api.sendVerificationEmail({ body: { email, callbackURL: await getSignInLanding(email, "/dashboard") }, headers: await headers() });
  } catch (error) {
    back("/dashboard/verify-email", { email, error: errorKind(error) });
  }
  back("/dashboard/verify-email", { email, resent: "1" });
}

export async function forgotPasswordAction(form: FormData) {
  const email = field(form, "email").toLowerCase();
  if (!email) back("/dashboard/forgot-password", { error: "missing" });
  try {
    await auth().api.requestPasswordReset({ body: { email, redirectTo: RESET_PAGE }, headers: await headers() });
  } catch (error) {
    back("/dashboard/forgot-password", { error: errorKind(error) });
  }
  // The same answer whether or not an account uses the address.
  back("/dashboard/forgot-password", { sent: "1" });
}

export async function resetPasswordAction(form: FormData) {
  // The token is in the page's cookie, never in the page (lib/features/auth/reset-link.ts).
  const jar = await cookies();
  const token = jar.get(RESET_TOKEN_COOKIE)?.value ?? "";
  const newPassword = form.get("password");
  if (!token) back(RESET_PAGE, { error: "invalidToken" });
  if (typeof newPassword !== "string" || !newPassword) back(RESET_PAGE, { error: "missing" });
  let failure: ErrorKind | null = null;
  try {
    await auth().api.resetPassword({ body: { token, newPassword }, headers: await headers() });
  } catch (error) {
    failure = errorKind(error);
  }
  // A used or refused token is of no more use: the cookie goes with it.
  if (!failure || failure === "invalidToken") jar.delete({ name: RESET_TOKEN_COOKIE, path: resetTokenCookieOptions().path });
  if (failure) back(RESET_PAGE, { error: failure });
  back("/dashboard/sign-in", { notice: "reset" });
}

export async function acceptInvitationAction(form: FormData) {
  const invitationId = field(form, "invitationId");
  const page = `/dashboard/accept-invitation/${encodeURIComponent(invitationId)}`;
  // Another view's session in the dashboard's cookie is no one here: the page offers to sign in.
  if (!(await getDashboardSession())) back(page, {});
  let failure: ErrorKind | null = null;
  try {
    await auth().api.acceptInvitation({ body: { invitationId }, headers: await headers() });
  } catch (error) {
    failure = errorKind(error);
  }
  if (failure) back(page, { error: failure });
  redirect("/dashboard");
}

export async function signOutAction(form: FormData) {
  try {
    await auth().api.signOut({ headers: await headers() });
  } catch {
    // Already signed out: nothing to end.
  }
  back("/dashboard/sign-in", { next: dashboardRedirectTarget(field(form, "next"), "") || undefined });
}
