import "server-only";
import { redirect } from "next/navigation";
import { getSessionMember, type SessionMember } from "./session-member";

/** For dashboard pages: the member, or a redirect to sign-in that comes back to `path`. */
export async function requireSessionMember(path = "/dashboard"): Promise<SessionMember> {
  const member = await getSessionMember();
  if (!member) redirect(`/dashboard/sign-in?next=${encodeURIComponent(path)}`);
  return member;
}
