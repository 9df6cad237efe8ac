import "server-only";
import { auth } from "./auth";
import { isDashboardSession } from "./dashboard-session";

// A signed-in person's own account: password and sessions, through better-auth's endpoints
// (changePassword, listSessions, revokeSession, revokeOtherSessions) called with the request's
// headers, so its hooks run as they do over HTTP: lib/features/auth/sign-in-limits-plugin.ts makes a wrong
// current password count like a wrong sign-in (its checksSessionPassword), and delays the next try.

export type PasswordChangeOutcome = "changed" | "invalidCredentials" | "tooMany" | "weakPassword" | "mismatch" | "missing" | "generic";

const codeOf = (error: unknown) => (error as { body?: { code?: string } })?.body?.code ?? "";
const statusOf = (error: unknown) => (error as { statusCode?: number })?.statusCode;

/** better-auth's refusal in the words the form shows. */
export function passwordChangeRefusal(error: unknown): Exclude<PasswordChangeOutcome, "changed"> {
  const code = codeOf(error);
  if (code === "TOO_MANY_REQUESTS" || statusOf(error) === 429) return "tooMany";
  if (/PASSWORD_TOO_SHORT|PASSWORD_TOO_LONG/.test(code)) return "weakPassword";
  if (/INVALID_PASSWORD|CREDENTIAL_ACCOUNT_NOT_FOUND/.test(code)) return "invalidCredentials";
  if (statusOf(error) === undefined) throw error;
  return "generic";
}

/**
 * A new password after the current one. `signOutOthers` ends every other session of the person
 * (better-auth's revokeOtherSessions option: this browser gets a fresh session); the confirmation
 * must match so a typo does not lock the person out.
 */
export async function changeAccountPassword(
  headers: Headers,
  input: { currentPassword: string; newPassword: string; confirmation: string; signOutOthers: boolean },
): Promise<PasswordChangeOutcome> {
  if (!input.currentPassword || !input.newPassword) return "missing";
  if (input.newPassword !== input.confirmation) return "mismatch";
  try {
    await auth().api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: input.signOutOthers },
      headers,
    });
    return "changed";
  } catch (error) {
    return passwordChangeRefusal(error);
  }
}

export type AccountSession = {
  id: string;
  current: boolean;
  /** The dashboard's, or the support view's (staff who are also members): each signs in apart. */
  surface: "dashboard" | "support";
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The person's sessions that have not expired, this one first, then the most recently used. Never their tokens. */
export async function listAccountSessions(headers: Headers): Promise<AccountSession[]> {
  const [sessions, current] = await Promise.all([auth().api.listSessions({ headers }), auth().api.getSession({ headers })]);
  return sessions
    .map((s) => ({
      id: s.id,
      current: s.id === current?.session.id,
      surface: isDashboardSession({ session: s as { surface?: string | null } }) ? ("dashboard" as const) : ("support" as const),
      userAgent: s.userAgent ?? null,
      ipAddress: s.ipAddress ?? null,
      createdAt: new Date(s.createdAt),
      updatedAt: new Date(s.updatedAt),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.updatedAt.getTime() - a.updatedAt.getTime());
}

/**
 * Ends one of the person's own sessions, named by its id: the page never holds a token (a token
 * is the session itself), so it is looked up among the person's sessions here. False when the
 * id is none of theirs (already ended, or someone else's).
 */
export async function revokeAccountSession(headers: Headers, sessionId: string): Promise<boolean> {
  const sessions = await auth().api.listSessions({ headers });
  const session = sessions.find((s) => s.id === sessionId);
  if (!session) return false;
  await auth().api.revokeSession({ body: { token: session.token }, headers });
  return true;
}

/** Ends every session of the person but this one. */
export async function revokeOtherAccountSessions(headers: Headers): Promise<void> {
  await auth().api.revokeOtherSessions({ headers });
}
