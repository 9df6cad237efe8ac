import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "./auth";
import { DASHBOARD_PATH_HEADER, dashboardRedirectTarget, NO_MERCHANT_PAGE } from "./redirect-target";
import { getSessionMember, type SessionMember } from "./session-member";

/**
 * Where a dashboard request without a member goes: a verified session with no merchant to its
 * invitations and the offer to open a business (else it would loop back to sign-in, already signed
 * in); anyone else to sign-in, coming back to the page asked (proxy.ts names it) or `path`.
 */
export async function redirectWithoutMember(path = "/dashboard"): Promise<never> {
  const requestHeaders = await headers();
  const session = await auth().api.getSession({ headers: requestHeaders });
  if (session?.user.emailVerified) redirect(NO_MERCHANT_PAGE);
  const next = dashboardRedirectTarget(requestHeaders.get(DASHBOARD_PATH_HEADER), path);
  redirect(`/dashboard/sign-in?next=${encodeURIComponent(next)}`);
}

/** For dashboard pages: the member, or the redirect above. */
export async function requireSessionMember(path = "/dashboard"): Promise<SessionMember> {
  return (await getSessionMember()) ?? redirectWithoutMember(path);
}
