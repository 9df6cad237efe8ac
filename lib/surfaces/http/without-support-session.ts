import { getSessionCookie } from "better-auth/cookies";
import { auth } from "@/lib/features/auth/auth";
import { isDashboardSession } from "@/lib/features/auth/dashboard-session";

const SESSION_COOKIE = /^(__Secure-)?better-auth\.(session_token|session_data|dont_remember)$/;

/**
 * The request for the dashboard's better-auth endpoints, without its session cookie when that
 * cookie holds another view's session (lib/features/auth/dashboard-session.ts says why that verifies): the
 * pages refuse it (getDashboardSession), and this does the same for better-auth's own routes,
 * which then answer as for a signed-out browser (get-session null, the rest 401). The route's own
 * glue (app/api/auth/[...all]/route.ts): it reads and remakes the Request, which features never see.
 */
export async function withoutSupportSession(request: Request): Promise<Request> {
  if (!getSessionCookie(request)) return request;
  // The host as better-auth's handler reads it (the request's URL), for its allowed-hosts base URL.
  const asked = new Headers(request.headers);
  if (!asked.has("host")) asked.set("host", new URL(request.url).host);
  const found = await auth().api.getSession({ headers: asked, query: { disableRefresh: true, disableCookieCache: true } });
  if (!found || isDashboardSession(found)) return request;
  const kept = (request.headers.get("cookie") ?? "")
    .split(";")
    .filter((pair) => !SESSION_COOKIE.test(pair.split("=")[0].trim()))
    .join(";");
  const headers = new Headers(request.headers);
  if (kept.trim()) headers.set("cookie", kept);
  else headers.delete("cookie");
  return new Request(request, { headers });
}
