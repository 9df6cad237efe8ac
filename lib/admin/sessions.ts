import { createHash, randomBytes } from "node:crypto";
import { ulid } from "@/lib/domain/ulid";
import type { DbClient } from "@/lib/db/client";

export const SESSION_COOKIE = "pcs_admin_session";
export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession(client: DbClient, staffId: string, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  const csrfToken = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await client.staffSession.create({ data: { id: `ses_${ulid()}`, staffId, tokenHash: hashToken(token), csrfToken, expiresAt } });
  return { token, csrfToken, expiresAt };
}

/** The live session for a cookie value, with its staff member; null when unknown, expired or disabled. */
export async function findSession(client: DbClient, token: string | undefined, now = new Date()) {
  if (!token) return null;
  const session = await client.staffSession.findUnique({ where: { tokenHash: hashToken(token) }, include: { staff: true } });
  if (!session || session.expiresAt <= now || session.staff.disabledAt) return null;
  return session;
}

export async function deleteSession(client: DbClient, token: string) {
  await client.staffSession.deleteMany({ where: { tokenHash: hashToken(token) } });
}

/** The Set-Cookie value: HTTP-only, SameSite=Strict, Secure whenever the site is served over HTTPS. */
export function sessionCookie(token: string, expiresAt: Date | null, secure: boolean): string {
  const parts = [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "SameSite=Strict"];
  if (secure) parts.push("Secure");
  parts.push(expiresAt ? `Expires=${expiresAt.toUTCString()}` : "Max-Age=0");
  return parts.join("; ");
}

export function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}
