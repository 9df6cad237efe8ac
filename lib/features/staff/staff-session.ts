import { createHmac } from "node:crypto";
import type { StaffRole } from "@prisma/client";
import { STAFF_SESSION_MAX_AGE_MS, staffAuth } from "./staff-auth";
import { STAFF_SURFACE } from "./staff-surface";

export type StaffMember = { id: string; email: string; role: StaffRole; mustChangePassword: boolean };
export type StaffSession = { id: string; token: string; createdAt: Date; csrfToken: string; staff: StaffMember };

const isStaffRole = (role: unknown): role is StaffRole => role === "support" || role === "admin";

/**
 * The CSRF token of a session: an HMAC of its token under the auth secret. Only pages of this
 * session receive it; it changes with the session and dies with it, and needs no column.
 */
export async function csrfTokenFor(sessionToken: string) {
  const { secret } = await staffAuth().$context;
  return createHmac("sha256", secret).update(`admin-csrf:${sessionToken}`).digest("base64url");
}

/**
 * The staff member signed in on a request's support-view session cookie, or null: no session, one
 * opened for the dashboard (its token put in this cookie), a user without a staff role (a
 * merchant's), a disabled one, or a session older than the support view's limit (whatever its
 * stored expiry says). Support sessions are never refreshed, so reading one sets no cookie.
 */
export async function staffSessionOf(headers: Headers, now = new Date()): Promise<StaffSession | null> {
  const found = await staffAuth().api.getSession({ headers });
  if (!found) return null;
  const { user, session } = found;
  if (session.surface !== STAFF_SURFACE || !isStaffRole(user.staffRole) || user.disabledAt) return null;
  if (now.getTime() - new Date(session.createdAt).getTime() >= STAFF_SESSION_MAX_AGE_MS) return null;
  return {
    id: session.id,
    token: session.token,
    createdAt: new Date(session.createdAt),
    csrfToken: await csrfTokenFor(session.token),
    staff: { id: user.id, email: user.email, role: user.staffRole, mustChangePassword: Boolean(user.mustChangePassword) },
  };
}
