import "server-only";
import { listMemberships } from "@/lib/features/auth/memberships";
import type { SessionMember } from "@/lib/features/auth/session-member";
import { db } from "@/lib/core/db/client";
import { readLiveActivated } from "@/lib/features/merchants/live-activation";

/**
 * What the dashboard's frame (app/dashboard/(app)/layout.tsx) shows around every page: the
 * merchants the member may switch to and whether their current merchant takes live payments.
 */
export async function getDashboardFrame(member: Pick<SessionMember, "userId" | "merchantId">) {
  const [memberships, liveActivated] = await Promise.all([listMemberships(db(), member.userId), readLiveActivated(db(), member.merchantId)]);
  return { memberships, liveActivated };
}
