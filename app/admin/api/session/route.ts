// /admin/api/session - sign in (POST, JSON or the login form), who am I (GET), sign out (DELETE)
import { requireStaff } from "@/lib/admin/admin-route";
import { signIn } from "@/lib/admin/sign-in";
import { deleteSession, readCookie, SESSION_COOKIE, sessionCookie } from "@/lib/admin/sessions";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { errorResponse, jsonResponse, requestIdFor, requestOrigin } from "@/lib/http/api-route";
import { clientAddress } from "@/lib/http/client-address";
import { limitHeaders } from "@/lib/http/rate-limit";
import { readFormBody } from "@/lib/http/read-form-body";
import { readJsonBody } from "@/lib/http/read-json-body";

const isSecure = (request: Request) => requestOrigin(request).startsWith("https:");

/** RateLimit-* only: a Retry-After on a redirect would ask the browser to wait before following it. */
const rateLimitOnly = (headers: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith("ratelimit-")));

export async function POST(request: Request) {
  const form = (request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded");
  try {
    const { staff, token, csrfToken, expiresAt, rateLimit } = await signIn(db(), {
      ip: clientAddress(request),
      readCredentials: () => (form ? readFormBody(request) : readJsonBody(request)),
    });
    const headers = { "set-cookie": sessionCookie(token, expiresAt, isSecure(request)), ...limitHeaders(rateLimit) };
    // A one-time password signs in to the page that replaces it, and to nothing else.
    const location = staff.mustChangePassword ? "/admin/password" : "/admin";
    if (form) return new Response(null, { status: 303, headers: { location, ...headers } });
    return jsonResponse(200, { email: staff.email, role: staff.role, csrfToken, mustChangePassword: staff.mustChangePassword }, requestIdFor(request), headers);
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

export async function DELETE(request: Request) {
  const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  if (token) await deleteSession(db(), token);
  return new Response(null, { status: 204, headers: { "set-cookie": sessionCookie("", null, isSecure(request)) } });
}
