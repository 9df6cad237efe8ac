// The signed-in staff member chooses a new password (JSON or the form)
import { CSRF_HEADER, checkCsrf, requireStaff } from "@/lib/surfaces/http/support-route";
import { changePassword, PasswordChangeError } from "@/lib/features/staff/change-password";
import { db } from "@/lib/core/db/client";
import { clientAddress } from "@/lib/core/request/client-address";
import { apiErrorOf } from "@/lib/surfaces/http/api-error-of";
import { answerResponse, errorAnswer, requestIdFor } from "@/lib/surfaces/http/json-answer";
import { readFormBody } from "@/lib/surfaces/http/read-form-body";
import { readJsonBody } from "@/lib/surfaces/http/read-json-body";
import { validationError } from "@/lib/core/errors/validation-errors";
import { changePasswordSchema } from "@/lib/core/schemas/support";
import { apiOperation } from "../operation";

async function post(request: Request) {
  const form = (request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded");
  try {
    // The one route a session with a one-time password may use.
    const session = await requireStaff(request, { passwordChange: true });
    const fields = (form ? await readFormBody(request) : await readJsonBody(request)) as Record<string, unknown> | null;
    // The form cannot set headers: it carries the token in a field.
    const token = form ? String(fields?.csrf ?? "") : (request.headers.get(CSRF_HEADER) ?? "");
    checkCsrf(request, session, token, { form });
    const parsed = changePasswordSchema.safeParse(fields);
    if (!parsed.success) throw validationError(parsed.error, fields);
    await changePassword(db(), { session, ...parsed.data, ip: clientAddress(request), cookie: request.headers.get("cookie") });
    if (form) return new Response(null, { status: 303, headers: { location: "/admin" } });
    return new Response(null, { status: 204 });
  } catch (error) {
    // The form goes back to its page with the reason; anything else (no session, CSRF) answers as the API does.
    if (form && error instanceof PasswordChangeError) {
      return new Response(null, { status: 303, headers: { location: `/admin/password?error=${error.problem}` } });
    }
    // The account waits after wrong passwords (the sign-in limits): the form says so.
    const refusal = form ? apiErrorOf(error) : null;
    if (refusal?.code === 42900) {
      return new Response(null, { status: 303, headers: { location: "/admin/password?error=tooMany", "retry-after": refusal.headers?.["retry-after"] ?? "1" } });
    }
    if (refusal?.code === 40002) {
      return new Response(null, { status: 303, headers: { location: "/admin/login" } });
    }
    return answerResponse(errorAnswer(error, requestIdFor(request), request));
  }
}

export const postSupportPassword = apiOperation({
  method: "POST",
  path: "/admin/api/password",
  handler: post,
});
