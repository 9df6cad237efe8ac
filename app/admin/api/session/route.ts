// /admin/api/session - sign in (POST, JSON or the login form), who am I (GET), sign out (DELETE)
import { requireStaff } from "@/lib/admin/admin-route";
import { signIn } from "@/lib/admin/sign-in";
import { authHeaders, csrfTokenFor } from "@/lib/admin/staff-session";
import { auth } from "@/lib/auth/auth";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { errorResponse, jsonResponse, requestIdFor } from "@/lib/http/api-route";
import { clientAddress } from "@/lib/http/client-address";
import { limitHeaders } from "@/lib/http/rate-limit";
import { readFormBody } from "@/lib/http/read-form-body";
import { readJsonBody } from "@/lib/http/read-json-body";

/** RateLimit-* only: a Retry-After on a redirect would ask the browser to wait before following it. */
const rateLimitOnly = (headers: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith("ratelimit-")));

export async function POST(request: Request) {
  const form = (request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded");
  try {
    const { staff, setCookies, sessionToken, rateLimit } = await signIn(db(), {
      ip: clientAddress(request),
      headers: authHeaders(request),
      readCredentials: () => (form ? readFormBody(request) : readJsonBody(request)),
    });
    // A one-time password signs in to the page that replaces it, and to nothing else.
    const location = staff.mustChangePassword ? "/admin/password" : "/admin";
    if (form) return new Response(null, { status: 303, headers: withSetCookies({ location, ...limitHeaders(rateLimit) }, setCookies) });
    const body = { email: staff.email, role: staff.role, csrfToken: await csrfTokenFor(sessionToken), mustChangePassword: staff.mustChangePassword };
    const response = jsonResponse(200, body, requestIdFor(request), limitHeaders(rateLimit));
    for (const cookie of setCookies) response.headers.append("set-cookie", cookie);
    return response;
  } catch (error) {
    if (form && error instanceof ApiError) {
      const reason = error.code === 42900 ? "rate" : "invalid";
      return new Response(null, { status: 303, headers: { location: `/admin/login?error=${reason}`, ...rateLimitOnly(error.headers) } });
    }
    return errorResponse(error, requestIdFor(request), request);
  }
}

export async function GET(request: Request) {
  try {
    const session = await requireStaff(request, { passwordChange: true });
    const { email, role, mustChangePassword } = session.staff;
    return jsonResponse(200, { email, role, csrfToken: session.csrfToken, mustChangePassword }, requestIdFor(request));
  } catch (error) {
    return errorResponse(error, requestIdFor(request), request);
  }
}

// Ends the better-auth session (the dashboard's too, when the same user has one: it is the same
// cookie) and expires its cookie; without a session it only expires the cookie.
export async function DELETE(request: Request) {
  const { headers } = await auth().api.signOut({ headers: authHeaders(request), returnHeaders: true });
  return new Response(null, { status: 204, headers: withSetCookies({}, headers.getSetCookie()) });
}

function withSetCookies(base: Record<string, string>, setCookies: string[]) {
  const headers = new Headers(base);
  for (const cookie of setCookies) headers.append("set-cookie", cookie);
  return headers;
}
