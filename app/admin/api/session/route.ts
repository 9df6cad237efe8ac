// /admin/api/session - sign in (POST, JSON or the login form), who am I (GET), sign out (DELETE)
import { z } from "zod";
import { requireStaff } from "@/lib/admin/admin-route";
import { signIn } from "@/lib/admin/sign-in";
import { deleteSession, readCookie, SESSION_COOKIE, sessionCookie } from "@/lib/admin/sessions";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { errorResponse, jsonResponse, requestOrigin } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/rate-limit";
import { readFormBody } from "@/lib/http/read-form-body";
import { readJsonBody } from "@/lib/http/read-json-body";

const credentials = z.object({ email: z.string().max(254), password: z.string().max(1024) });
const isSecure = (request: Request) => requestOrigin(request).startsWith("https:");

export async function POST(request: Request) {
  const form = (request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded");
  try {
    const raw = form ? await readFormBody(request) : await readJsonBody(request);
    const parsed = credentials.safeParse(raw);
    if (!parsed.success) throw new ApiError(40023, "Invalid request parameters", { details: "email and password are required" });
    const { staff, token, csrfToken, expiresAt } = await signIn(db(), { ...parsed.data, ip: clientIp(request) });
    const cookie = sessionCookie(token, expiresAt, isSecure(request));
    if (form) return new Response(null, { status: 303, headers: { location: "/admin", "set-cookie": cookie } });
    return jsonResponse(200, { email: staff.email, role: staff.role, csrfToken }, "login", { "set-cookie": cookie });
  } catch (error) {
    if (form && error instanceof ApiError) {
      const reason = error.code === 42900 ? "rate" : "invalid";
      return new Response(null, { status: 303, headers: { location: `/admin/login?error=${reason}` } });
    }
    return errorResponse(error, "login", request);
  }
}

export async function GET(request: Request) {
  try {
    const session = await requireStaff(request);
    return jsonResponse(200, { email: session.staff.email, role: session.staff.role, csrfToken: session.csrfToken }, "session");
  } catch (error) {
    return errorResponse(error, "session", request);
  }
}

export async function DELETE(request: Request) {
  const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  if (token) await deleteSession(db(), token);
  return new Response(null, { status: 204, headers: { "set-cookie": sessionCookie("", null, isSecure(request)) } });
}
