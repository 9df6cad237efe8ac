// Sign in (POST, JSON or the login form), who am I (GET), sign out (DELETE)
import { requireStaff } from "@/lib/surfaces/http/support-route";
import { signIn } from "@/lib/features/staff/sign-in";
import { isFormPost, signInAnswer, signInRefusal } from "@/lib/surfaces/http/staff-sign-in-answer";
import { staffAuth } from "@/lib/features/staff/staff-auth";
import { authHeaders } from "@/lib/surfaces/http/auth-headers";
import { db } from "@/lib/core/db/client";
import { answerResponse, errorAnswer, jsonAnswer, requestIdFor } from "@/lib/surfaces/http/json-answer";
import { clientAddress } from "@/lib/core/request/client-address";
import { readFormBody } from "@/lib/surfaces/http/read-form-body";
import { readJsonBody } from "@/lib/surfaces/http/read-json-body";
import { apiOperation } from "../operation";

async function startSession(request: Request) {
  const form = isFormPost(request);
  try {
    const result = await signIn(db(), {
      ip: clientAddress(request),
      headers: authHeaders(request),
      readCredentials: () => (form ? readFormBody(request) : readJsonBody(request)),
    });
    return await signInAnswer(request, result, form);
  } catch (error) {
    return signInRefusal(request, error, form);
  }
}

async function currentSession(request: Request) {
  try {
    const session = await requireStaff(request, { passwordChange: true });
    const { email, role, mustChangePassword } = session.staff;
    return answerResponse(jsonAnswer(200, { email, role, csrfToken: session.csrfToken, mustChangePassword }, requestIdFor(request)));
  } catch (error) {
    return answerResponse(errorAnswer(error, requestIdFor(request), request));
  }
}

// Ends the support view's session and expires its cookie; without one it only expires the cookie.
// A dashboard session of the same user, in its own cookie, stays.
async function endSession(request: Request) {
  const { headers } = await staffAuth().api.signOut({ headers: authHeaders(request), returnHeaders: true });
  const response = new Response(null, { status: 204 });
  for (const cookie of headers.getSetCookie()) response.headers.append("set-cookie", cookie);
  return response;
}

export const postSupportSession = apiOperation({
  method: "POST",
  path: "/admin/api/session",
  handler: startSession,
});

export const getSupportSession = apiOperation({
  method: "GET",
  path: "/admin/api/session",
  handler: currentSession,
});

export const deleteSupportSession = apiOperation({
  method: "DELETE",
  path: "/admin/api/session",
  handler: endSession,
});
