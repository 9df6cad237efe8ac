// TEMPORARY: replaced by the auth branch at merge. Reads the signed-in member from a cookie
// `dev_member` = "<merchantId>.<role>.<HMAC-SHA256 of both under DEV_MEMBER_SECRET>", only so the
// dashboard pages and their Playwright tests run before better-auth arrives. Without
// DEV_MEMBER_SECRET (any real deployment) nobody is signed in.
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { cookies } from "next/headers";
import { db } from "@/lib/db/client";

export type MemberRole = "owner" | "admin" | "developer" | "viewer";
export type SessionMember = { userId: string; email: string; name: string; merchantId: string; merchantName: string; role: MemberRole };

const ROLES: readonly MemberRole[] = ["owner", "admin", "developer", "viewer"];
export const DEV_MEMBER_COOKIE = "dev_member";

export function signDevMember(merchantId: string, role: MemberRole, secret: string): string {
  const mac = createHmac("sha256", secret).update(`${merchantId}.${role}`).digest("hex");
  return `${merchantId}.${role}.${mac}`;
}

export async function getSessionMember(): Promise<SessionMember | null> {
  const secret = process.env.DEV_MEMBER_SECRET;
  const value = (await cookies()).get(DEV_MEMBER_COOKIE)?.value;
  if (!secret || !value) return null;
  const [merchantId, role, mac] = value.split(".");
  if (!merchantId || !ROLES.includes(role as MemberRole) || !mac) return null;
  const expected = Buffer.from(signDevMember(merchantId, role as MemberRole, secret));
  const given = Buffer.from(value);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const merchant = await db().merchant.findUnique({ where: { id: merchantId }, select: { name: true } });
  if (!merchant) return null;
  return { userId: `dev_${merchantId}_${role}`, email: `${role}@dev.example`, name: role, merchantId, merchantName: merchant.name, role: role as MemberRole };
}
