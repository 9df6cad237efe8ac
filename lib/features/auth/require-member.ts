import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDashboardSession } from "./dashboard-session";
import { DASHBOARD_PATH_HEADER, dashboardRedirectTarget, NO_MERCHANT_PAGE } from "./redirect-target";

/**
 * Where a dashboard request without a member goes: a verified dashboard session with no merchant
 * to its invitations and the offer to open a business (else it would loop back to sign-in, already
 * signed in); anyone else (another view's session included) to sign-in, coming back to the page
 * asked (proxy.ts names it).
 */
export async function redirectWithoutMember(): Promise<never> {
  if (await getDashboardSession()) redirect(NO_MERCHANT_PAGE);
  const next = dashboardRedirectTarget((await headers()).get(DASHBOARD_PATH_HEADER));
  redirect(`/dashboard/sign-in?next=${encodeURIComponent(next)}`);
}
