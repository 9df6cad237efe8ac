import "server-only";
import { headers } from "next/headers";
import { auth } from "./auth";

/**
 * Whether a session is the dashboard's own. Both better-auth instances share the Session table
 * and sign their cookies with one secret (lib/features/staff/staff-auth.ts), so a support-view token
 * copied into the dashboard's cookie verifies here; the support view marks its sessions
 * (`surface`), the dashboard's carry no mark.
 */
export function isDashboardSession(session: { session: { surface?: string | null } }): boolean {
  return !session.session.surface;
}

/**
 * The signed-in person of a dashboard request: their better-auth session, or null when signed
 * out, not verified, or holding another view's session. Every dashboard entry (pages, server
 * actions, downloads, lib/features/auth/session-member.ts for those that need a merchant) reads the
 * session through this one function, never through auth().api.getSession directly.
 */
export async function getDashboardSession() {
  const session = await auth().api.getSession({ headers: await headers() });
  if (!session || !isDashboardSession(session) || !session.user.emailVerified) return null;
  return session;
}
