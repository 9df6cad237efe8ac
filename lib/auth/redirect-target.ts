/**
 * Where to go after signing in: only a dashboard path of this site, so a crafted link
 * (?next=https://evil.example or //evil.example) cannot send a fresh session elsewhere.
 */
export function dashboardRedirectTarget(next: unknown, fallback = "/dashboard"): string {
  if (typeof next !== "string") return fallback;
  if (!/^\/dashboard(\/[A-Za-z0-9._~%\-/]*)?(\?[^#\\\s]*)?$/.test(next) || next.includes("//") || next.includes("\\")) return fallback;
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
