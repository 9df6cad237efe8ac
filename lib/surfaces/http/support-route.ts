import { timingSafeEqual } from "node:crypto";
import { ulid } from "@/lib/core/domain/ulid";
import type { z } from "zod";
import { ApiError } from "@/lib/core/errors/api-error";
import { answerResponse, errorAnswer, jsonAnswer } from "./json-answer";
import { readJsonBody } from "./read-json-body";
import { readRouteParams, type NextRouteContext } from "./route-params";
import { checkFieldsText } from "@/lib/core/request/storable-text";
import { validationError } from "@/lib/core/errors/validation-errors";
import { staffSessionOf, type StaffMember, type StaffSession } from "@/lib/features/staff/staff-session";
import { authHeaders } from "./auth-headers";
import { staffCan, type StaffAction } from "@/lib/features/staff/staff-permissions";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { requireFormToken, runFormOnce } from "./form-idempotency";

export const CSRF_HEADER = "x-csrf-token";

/**
 * `action`: what the route does, in the support view's table (lib/features/staff/staff-permissions.ts).
 * `oneTime`: set on the decisions that move money; names the decision for its form token's scope
 * (the request must carry the token its form drew, as `Idempotency-Key`, and the handler does its
 * work through `once`).
 */
type Config<TBody> = { action: StaffAction; body?: z.ZodType<TBody>; oneTime?: string };
export type SupportContext<TBody> = {
  request: Request;
  url: URL;
  params: Record<string, string>;
  body: TBody;
  staff: StaffMember;
  session: StaffSession;
  /**
   * For a `oneTime` route: does `work` at most once per form token, scoped to this staff account,
   * the merchant and environment the money is in (`target`, read before) and the decision; the same
   * form sent again answers the first's result (replayed), the token reused with other values or for
   * another reference is 422/40020 (lib/surfaces/http/form-idempotency.ts).
   */
  once: (target: { merchantId: string; environment: Environment }, work: (tx: DbClient) => Promise<unknown>) => Promise<SupportResult>;
};

type SupportResult = { status?: number; body: unknown; headers?: Record<string, string> };

function sameToken(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The Origin a browser sends, when it sends one, must name this host. One that does not parse
 * ("null" from a sandboxed frame, or garbage) cannot, and used to make new URL() throw: a 500.
 */
function fromThisHost(request: Request) {
  const origin = request.headers.get("origin");
  const host = request.headers.get("host");
  if (!origin || !host) return true;
  return URL.canParse(origin) && new URL(origin).host === host;
}

/**
 * The signed-in staff member of a request (its better-auth session), or the reason there is none,
 * as the spec's errors. A merchant's user, signed in to the dashboard, is not signed in here.
 * A session signed in with a one-time password may only choose a new one (and say who it is):
 * everything else is refused until then.
 */
export async function requireStaff(request: Request, options: { passwordChange?: boolean } = {}) {
  if (/^Bearer\s/i.test(request.headers.get("authorization") ?? "")) {
    throw new ApiError(401, { details: "Merchant API keys cannot use the support view" });
  }
  const session = await staffSessionOf(authHeaders(request));
  if (!session) throw new ApiError(40002, { details: "Sign in to the support view" });
  if (session.staff.mustChangePassword && !options.passwordChange) {
    throw new ApiError(40001, { details: "Choose a new password first: POST /admin/api/password" });
  }
  return session;
}

/**
 * A state-changing request carries the session's CSRF token and, when it says, comes from this
 * host. A plain form post (`form`) is held to its token alone: a browser may send such a post
 * with `Origin: null` (a page served under Referrer-Policy no-referrer, as ours were, or a
 * privacy setting), which names no host; the token, which only a page of this session received,
 * is what proves where it came from.
 */
export function checkCsrf(request: Request, session: StaffSession, token: string, options: { form?: boolean } = {}) {
  if (!sameToken(token, session.csrfToken) || (!options.form && !fromThisHost(request))) {
    throw new ApiError(40001, { details: "Missing or invalid CSRF token" });
  }
}

/**
 * The wrapper for the support view's data endpoints: a staff session (cookie), the role's right to
 * the route's action, and for
 * every state-changing method the CSRF token the page received at sign-in, plus a same-origin check.
 */
export function supportRoute<TBody = undefined>(config: Config<TBody>, handler: (ctx: SupportContext<TBody>) => Promise<SupportResult>) {
  return async (request: Request, context?: NextRouteContext) => {
    const requestId = `req_${ulid()}`;
    try {
      const session = await requireStaff(request);
      // Before the body is read or anything looked up: a forbidden action on an id that does not
      // exist is a 403 like any other, and tells nothing of what exists.
      if (!staffCan(session.staff.role, config.action)) {
        throw new ApiError(40001, { details: `The ${session.staff.role} role may not do this (${config.action})` });
      }
      if (request.method !== "GET" && request.method !== "HEAD") {
        checkCsrf(request, session, request.headers.get(CSRF_HEADER) ?? "");
      }
      // Before anything is read or looked up: a form drawn without a token (a cached page) does nothing.
      const token = config.oneTime ? requireFormToken(request.headers.get("idempotency-key"), "Idempotency-Key") : null;
      let body = undefined as TBody;
      if (config.body) {
        const input = await readJsonBody(request);
        const parsed = config.body.safeParse(input);
        if (!parsed.success) throw validationError(parsed.error, input);
        body = parsed.data;
      }
      const params = await readRouteParams(context);
      const url = new URL(request.url);
      checkFieldsText(url.searchParams);
      const once: SupportContext<TBody>["once"] = async (target, work) => {
        if (!config.oneTime || token === null) throw new Error("once() is for a oneTime support route");
        const scope = { ...target, action: config.oneTime, sender: { staff: session.staff.id } };
        const stored = await runFormOnce(scope, token, { params, body: body ?? null }, work);
        return { status: stored.status, body: stored.body, headers: stored.replayed ? { "idempotent-replayed": "true" } : undefined };
      };
      const result = await handler({ request, url, params, body, staff: session.staff, session, once });
      return answerResponse(jsonAnswer(result.status ?? 200, result.body, requestId, result.headers));
    } catch (error) {
      return answerResponse(errorAnswer(error, requestId, request));
    }
  };
}
