import type { ApiError } from "@/lib/core/errors/api-error";
import { apiErrorOf } from "./api-error-of";
import { answerResponse, errorAnswer, jsonAnswer, requestIdFor } from "./json-answer";
import { limitHeaders } from "@/lib/core/limits/rate-limit";
import { retryAfterOf } from "@/lib/core/limits/retry-wait";
import type { SecondStepAsked, SignedIn } from "@/lib/features/staff/sign-in";
import { csrfTokenFor } from "@/lib/features/staff/staff-session";

/** The login form posts urlencoded (it works before any JavaScript); the API takes JSON. */
export const isFormPost = (request: Request) => (request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded");

/** RateLimit-* only: a Retry-After on a redirect would ask the browser to wait before following it. */
const rateLimitOnly = (headers: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith("ratelimit-")));

function withSetCookies(response: Response, setCookies: string[]) {
  for (const cookie of setCookies) response.headers.append("set-cookie", cookie);
  return response;
}

const seeOther = (location: string, headers: Record<string, string> = {}) => new Response(null, { status: 303, headers: { location, ...headers } });

/**
 * The answer to a right password or a right code: the session (a one-time password signs in to
 * the page that replaces it, and to nothing else), or the second step's page and cookie.
 */
export async function signInAnswer(request: Request, result: SignedIn | SecondStepAsked, form: boolean) {
  const limits = limitHeaders(result.rateLimit);
  if (result.step === "two-factor") {
    const response = form ? seeOther("/admin/login?step=two-factor", limits) : answerResponse(jsonAnswer(200, { twoFactorRequired: true }, requestIdFor(request), limits));
    return withSetCookies(response, result.setCookies);
  }
  const { staff } = result;
  if (form) return withSetCookies(seeOther(staff.mustChangePassword ? "/admin/password" : "/admin", limits), result.setCookies);
  const body = { email: staff.email, role: staff.role, csrfToken: await csrfTokenFor(result.sessionToken), mustChangePassword: staff.mustChangePassword };
  return withSetCookies(answerResponse(jsonAnswer(200, body, requestIdFor(request), limits)), result.setCookies);
}

/** Why the form is shown again (the login page words it): which step, and the reason. */
function formRefusal(error: ApiError, step: "password" | "two-factor") {
  if (step === "password") {
    if (error.code !== 42900) return "?error=invalid";
    // How long to wait, for the page to say (a Retry-After on the redirect itself would delay following it).
    const wait = retryAfterOf(error);
    return wait ? `?error=rate&wait=${wait}` : "?error=rate";
  }
  if (error.code === 42900) return "?error=codes";
  if (error.code === 40002) return "?error=expired";
  return "?step=two-factor&error=code";
}

/** A refusal: the spec's error envelope for the API, the login page again for the form. */
export function signInRefusal(request: Request, error: unknown, form: boolean, step: "password" | "two-factor" = "password") {
  const refusal = form ? apiErrorOf(error) : null;
  if (refusal) return seeOther(`/admin/login${formRefusal(refusal, step)}`, rateLimitOnly(refusal.headers));
  return answerResponse(errorAnswer(error, requestIdFor(request), request));
}
