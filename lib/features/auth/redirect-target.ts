/**
 * Where to go after signing in: only a dashboard path of this site, live (/dashboard) or sandbox
 * (/test/dashboard), so a crafted link (?next=https://evil.example or //evil.example) cannot send
 * a fresh session elsewhere.
 */
export function dashboardRedirectTarget(next: unknown, fallback = "/dashboard"): string {
  if (typeof next !== "string") return fallback;
  if (!/^(\/test)?\/dashboard(\/[A-Za-z0-9._~%\-/]*)?(\?[^#\\\s]*)?$/.test(next) || next.includes("//") || next.includes("\\")) return fallback;
  return next;
}

/** The pages reachable without a session: everything else under /dashboard asks to sign in. */
const PUBLIC_PAGES = /^\/dashboard\/(sign-up|sign-in|verify-email|forgot-password|reset-password|accept-invitation(\/[^/]+)?)\/?$/;

export function isPublicDashboardPage(pathname: string): boolean {
  return PUBLIC_PAGES.test(pathname);
}

export function isDashboardPage(pathname: string): boolean {
  return pathname === "/dashboard" || pathname.startsWith("/dashboard/");
}

/**
 * The page a dashboard request is for, as the browser asked it (with /test and the query), set by
 * proxy.ts (always overwritten, like the environment header) so a page refusing a stale session
 * can send it to sign-in and back to the same place.
 */
export const DASHBOARD_PATH_HEADER = "x-pcs-dashboard-path";

/** A signed-in person with no merchant goes here: their invitations, or opening a business. */
export const NO_MERCHANT_PAGE = "/dashboard/start";
