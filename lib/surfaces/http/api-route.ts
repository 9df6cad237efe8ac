import { ulid } from "@/lib/core/domain/ulid";
import type { z } from "zod";
import { db, type DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { authenticateApiKey, type MerchantPrincipal } from "@/lib/features/api-keys/authenticate-api-key";
import type { Scope } from "@/lib/core/domain/api-keys";
import { errorBody } from "@/lib/core/errors/api-error";
import { apiErrorOf } from "./api-error-of";
import { hostOrigin } from "./host-origin";
import { ERROR_CODES, type ErrorCode } from "@/lib/core/errors/error-codes";
import { limitApiClient, limitApiKey } from "./api-limits";
import { parseIdempotencyKey, runIdempotent, runIdempotentInsert, runIdempotentPhases, type PreparedRow, type StoredResponse } from "./idempotency";
import type { RowInsertStatement } from "@/lib/core/db/sql";
import { errorFields, log, logEnabled } from "@/lib/core/logging/log";
import { loggableUrl } from "@/lib/core/logging/loggable-url";
import { limitHeaders } from "@/lib/core/limits/rate-limit";
import { readJsonBody } from "./read-json-body";
import { storableParams, type NextRouteContext } from "./route-params";
import { validationError } from "@/lib/core/errors/validation-errors";

export type ApiResult = { status?: number; body: unknown; headers?: Record<string, string> };

type AuthMode = { scope: Scope } | "optional" | "none";

type RouteConfig<TBody> = {
  auth: AuthMode;
  /** Request body schema; a function when the rules depend on the environment. */
  body?: z.ZodType<TBody> | ((environment: Environment) => z.ZodType<TBody>);
  /** Set on creating POSTs: the operation name that scopes Idempotency-Key, shared by aliases. */
  idempotentOperation?: string;
  /**
   * The handler writes a single row: without an Idempotency-Key it needs no transaction, and
   * Prisma's interactive transaction (BEGIN, the insert, COMMIT, three round trips and a
   * connection held between them) was most of a link create's cost under load.
   */
  singleWrite?: boolean;
  /** A smaller body limit than MAX_BODY_BYTES (the checkout's posts: CUSTOMER_POST_MAX_BYTES); more is 413/40023. */
  maxBodyBytes?: number;
};

export type ApiContext<TBody, TAuth extends AuthMode> = {
  request: Request;
  requestId: string;
  environment: Environment;
  origin: string;
  params: Record<string, string>;
  body: TBody;
  principal: TAuth extends "none" ? null : TAuth extends "optional" ? MerchantPrincipal | null : MerchantPrincipal;
  /** The database, or the open transaction that also records the idempotent response. */
  db: DbClient;
};

/**
 * A creating route whose work calls an operator, in two phases (idempotency.ts,
 * runIdempotentPhases): `intent` writes the resource and holds its money in the client it is
 * given (a transaction with the key's recovery point, or the database without a key: then it makes
 * its own), and returns the row; `complete` runs after that committed, outside any transaction: the
 * operator's call, its record and the answer, resuming the row of an earlier request that stopped
 * between the two when retried with the same key.
 */
export type PhasedHandler<TBody, TAuth extends AuthMode, R extends { id: string } = { id: string }> = {
  /** Writes in the client it is given; or, for one row, prepares it (idempotency.ts: then it goes with the key's claim in one statement). */
  intent: ((ctx: ApiContext<TBody, TAuth>) => Promise<R>) | { prepare: (ctx: ApiContext<TBody, TAuth>) => Promise<PreparedRow<R>> };
  /** `written`: the row this request's intent committed; null when resuming an earlier request's (read it by `id`). */
  complete: (ctx: ApiContext<TBody, TAuth>, id: string, written: R | null) => Promise<ApiResult>;
};

/**
 * A creating route that writes one row and nothing else, its answer known before the write: it
 * prepares the row's INSERT, and the wrapper runs it alone, or with the Idempotency-Key's record
 * in one statement (idempotency.ts, runIdempotentInsert). What a merchant's keyed create costs.
 */
export type InsertHandler<TBody, TAuth extends AuthMode> = {
  prepare: (ctx: ApiContext<TBody, TAuth>) => Promise<{ insert: RowInsertStatement; answer: ApiResult; written?: () => void }>;
};

/** The client's X-Request-Id when it is a sane one, else a new id. */
export function requestIdFor(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  return incoming && /^[\w.:-]{1,128}$/.test(incoming) ? incoming : `req_${ulid()}`;
}

/**
 * A JSON answer before it is a Fetch Response: the API lane writes it to Node's ServerResponse as
 * it is (building a Response, then reading its body and headers back, showed in every created
 * link's profile: bench/README.md, "Where a request's time goes"); Next's route handlers get
 * answerResponse's. Header names are lowercase, as a Response's Headers would give them.
 */
export type JsonAnswer = { status: number; headers: Record<string, string>; body: string };

export function jsonAnswer(status: number, body: unknown, requestId: string, headers: Record<string, string> = {}): JsonAnswer {
  const all: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-request-id": requestId,
  };
  for (const name in headers) all[name.toLowerCase()] = headers[name];
  return { status, headers: all, body: JSON.stringify(body) };
}

export const answerResponse = (answer: JsonAnswer) => new Response(answer.body, { status: answer.status, headers: answer.headers });

export function errorAnswer(error: unknown, requestId: string, request: Request): JsonAnswer {
  const apiError = apiErrorOf(error);
  if (apiError) return jsonAnswer(apiError.status, errorBody(apiError.code, apiError.details), requestId, apiError.headers);
  log("error", "unhandled error", { requestId, method: request.method, url: loggableUrl(request.url), ...errorFields(error) });
  return jsonAnswer(500, errorBody(50000, `Quote request id ${requestId} to support`), requestId);
}

/**
 * The body schema of each environment, built once per route: building a zod schema costs far
 * more than using it (zod 4 compiles an object's parser on its first use), and on each request
 * it was a fifth of a link create's CPU.
 */
function bodySchemas<TBody>(body: RouteConfig<TBody>["body"]): Record<Environment, z.ZodType<TBody>> | null {
  if (!body) return null;
  if (typeof body !== "function") return { sandbox: body, live: body };
  return { sandbox: body("sandbox"), live: body("live") };
}

/** The handler's answer as the idempotency record stores it (its headers are not kept). */
const answered = (r: ApiResult): StoredResponse => ({ status: r.status ?? 200, body: r.body });

/** The request body as the route's schema reads it, or the contract's validation error. */
function validBody<TBody>(schema: z.ZodType<TBody>, input: unknown): TBody {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, input);
  return parsed.data;
}

/** An answer the idempotency record gave (this request's, or an earlier one's replayed). */
function storedAnswer(stored: StoredResponse, requestId: string, rateLimit: Record<string, string>): JsonAnswer {
  return jsonAnswer(stored.status, stored.body, requestId, { ...rateLimit, ...(stored.replayed ? { "idempotent-replayed": "true" } : {}) });
}

/** The error's envelope; a refusal after the limit was spent still tells the client where it stands (a 429 has its own). */
function refusal(error: unknown, requestId: string, request: Request, rateLimit: Record<string, string>): JsonAnswer {
  const response = errorAnswer(error, requestId, request);
  if (response.status !== 429) for (const [name, value] of Object.entries(rateLimit)) response.headers[name] = value;
  return response;
}

function logRequest(request: Request, requestId: string, environment: Environment, response: JsonAnswer, started: number) {
  log("info", "request", {
    requestId,
    method: request.method,
    path: loggableUrl(new URL(request.url).pathname),
    environment,
    status: response.status,
    durationMs: Math.round(performance.now() - started),
  });
}

/**
 * The one wrapper for API routes: environment, auth, JSON body, validation, idempotency, errors, logs.
 * Its steps are built once per route (this function's closures), not per request: a request runs
 * them with the same awaits the wrapper always had (it is on the API lane's hot path, issue 38).
 */
export function apiRoute<TBody = undefined, TAuth extends AuthMode = AuthMode, R extends { id: string } = { id: string }>(
  config: RouteConfig<TBody> & { auth: TAuth },
  handler: ((ctx: ApiContext<TBody, TAuth>) => Promise<ApiResult>) | PhasedHandler<TBody, TAuth, R> | InsertHandler<TBody, TAuth>,
): ApiHandler {
  const schemaFor = bodySchemas(config.body);
  const requiredScope = typeof config.auth === "object" ? config.auth.scope : null;

  /** Whether this request must show an API key: always, never, or when it sends one ("optional"). */
  const asksKey = (request: Request) => config.auth !== "none" && (config.auth !== "optional" || Boolean(request.headers.get("authorization")));

  /** The key's merchant, checked against the route's scope (authenticateApiKey's promise, as it is), read outside any transaction. */
  const authenticate = (request: Request, environment: Environment) => authenticateApiKey(db(), request.headers.get("authorization"), environment, requiredScope);

  /** Spends one request of the key's limit, or of the client's without a key (the limiter's promise, as it is). */
  const spendLimit = (request: Request, environment: Environment, principal: MerchantPrincipal | null) =>
    principal ? limitApiKey(principal.keyId, environment) : limitApiClient(request, environment);

  /**
   * The handler run inside the idempotency record, when the route keeps one for this request: the
   * record's promise; null when the handler answers on its own, without a transaction.
   */
  const runRecorded = (ctx: ApiContext<TBody, TAuth>, principal: MerchantPrincipal | null, idempotencyKey: string | null): Promise<StoredResponse> | null => {
    const scope = config.idempotentOperation && principal ? { merchantId: principal.merchantId, environment: ctx.environment, route: config.idempotentOperation } : null;
    if (typeof handler === "object" && !scope) throw new Error("a phased or insert route is a creating POST: it needs idempotentOperation and a key");
    if (typeof handler === "object" && "prepare" in handler) {
      return handler.prepare({ ...ctx, db: db() }).then(({ answer, ...write }) => runIdempotentInsert(scope!, idempotencyKey, ctx.body, { ...write, answer: answered(answer) }));
    }
    if (typeof handler === "object") {
      const { intent } = handler;
      return runIdempotentPhases(scope!, idempotencyKey, ctx.body, {
        intent: typeof intent === "function" ? (client) => intent({ ...ctx, db: client }) : { prepare: () => intent.prepare({ ...ctx, db: db() }) },
        complete: async (id, written) => answered(await handler.complete({ ...ctx, db: db() }, id, written)),
      });
    }
    if (scope && (idempotencyKey !== null || !config.singleWrite)) return runIdempotent(scope, idempotencyKey, ctx.body, async (tx) => answered(await handler({ ...ctx, db: tx })));
    return null;
  };

  const answer: Answerer = async (request, { params: matched, environment, bodyBytes }) => {
    const started = performance.now();
    const requestId = requestIdFor(request);
    let response: JsonAnswer;
    let rateLimit: Record<string, string> = {};
    try {
      const principal = asksKey(request) ? await authenticate(request, environment) : null;
      // Before the body is read or anything queried: a hammering client costs as little as possible.
      rateLimit = limitHeaders(await spendLimit(request, environment, principal));
      const idempotencyKey = config.idempotentOperation ? parseIdempotencyKey(request.headers.get("idempotency-key")) : null;
      const body = schemaFor ? validBody(schemaFor[environment], await readJsonBody(request, config.maxBodyBytes, bodyBytes)) : (undefined as TBody);
      const params = storableParams(matched);
      const base = { request, requestId, environment, origin: hostOrigin(request.headers), params, body, principal };
      const ctx = base as ApiContext<TBody, TAuth>;

      const recorded = runRecorded(ctx, principal, idempotencyKey);
      if (recorded) {
        response = storedAnswer(await recorded, requestId, rateLimit);
      } else {
        const r = await (handler as (ctx: ApiContext<TBody, TAuth>) => Promise<ApiResult>)({ ...ctx, db: db() });
        response = jsonAnswer(r.status ?? 200, r.body, requestId, { ...rateLimit, ...r.headers });
      }
    } catch (error) {
      response = refusal(error, requestId, request, rateLimit);
    }
    if (logEnabled()) logRequest(request, requestId, environment, response, started);
    return response;
  };
  return { answer, scope: requiredScope ?? undefined, maxBodyBytes: config.maxBodyBytes };
}

/**
 * What a handler is told of its request besides the Request: what the route table's router found
 * (router.ts, RouteMatch), the path's parameters and its environment (the sandbox when it matched
 * under "/test"); and from the API lane, the body's bytes it read before making the Request
 * (lane-request.ts), which the wrapper reads as they are rather than back through the Request.
 */
export type RouteCall = { params: Record<string, string>; environment: Environment; bodyBytes?: Uint8Array };

/** A route handler's answer as a JsonAnswer (see JsonAnswer). */
export type Answerer = (request: Request, call: RouteCall) => Promise<JsonAnswer>;

/**
 * A route handler as data: what apiRoute makes (and the table's static errors). Its facts are its
 * fields, read where they are needed: the lane writes `answer`'s JsonAnswer as it is and reads no
 * more of the body than `maxBodyBytes` allows, Next's catch-alls make it a Response, and the
 * checks of the OpenAPI text read `scope`. A handler that only makes a Response (a probe, a bench
 * floor, the support view's) is a plain Handler instead: OperationHandler is either.
 */
export type ApiHandler = {
  answer: Answerer;
  /** The scope an API key needs for it (apiRoute's `auth`), if it needs one. */
  scope?: Scope;
  /** A smaller body limit than MAX_BODY_BYTES (apiRoute's option); more is 413/40023. */
  maxBodyBytes?: number;
};

/** The methods a route answers itself; HEAD and OPTIONS are Next's (and the front door leaves them to it). */
export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];
/** A route function as Next's route files export them, one per method. */
export type Handler = (request: Request, context: NextRouteContext) => Promise<Response>;
export type RouteHandlers = Record<Method, Handler>;
/** What answers one method of a route of the table (operation.ts): an ApiHandler, or a function making a Response. */
export type OperationHandler = ApiHandler | Handler;

/**
 * A method Next cannot route: TRACE (no fetch Request can carry it, so Next answered a bare 500
 * before any route ran), PROPFIND, QUERY... (Next's bare 400). Our server's front door
 * (server/front-door.cjs) hands such a request on as a PATCH with the method asked in this header,
 * which it strips from every other request: only the front door sets it. Routes refuse it (routeMethods, tableMethods).
 */
export const UNROUTED_METHOD_HEADER = "x-pcs-unrouted-method";

/** The method the client asked for: the front door's record of one Next cannot route, else the request's own. */
const askedMethod = (request: Request) => request.headers.get(UNROUTED_METHOD_HEADER) ?? request.method;

const unrouted = (request: Request) => request.headers.has(UNROUTED_METHOD_HEADER);

/**
 * 400/40017 with Allow, the answer to a method the route has not (Next would answer a method a
 * route file does not export with a bare 405), including the methods Next cannot route at all,
 * which the front door marks.
 */
function methodRefusal(own: Method[]) {
  const allowed = own.join(", ");
  return async (request: Request): Promise<JsonAnswer> =>
    jsonAnswer(400, errorBody(40017, `${askedMethod(request)} is not supported here; allowed: ${allowed}`), requestIdFor(request), { allow: allowed });
}

/** `handler`, or `refusal` for a request the front door marked as a method Next cannot route. */
const refusingUnrouted =
  (handler: Handler, refusal: Handler): Handler =>
  (request, context) =>
    unrouted(request) ? refusal(request, context) : handler(request, context);

/** Every HTTP method for a route file of Next: the given handlers, and the refusal (methodRefusal) for the rest. */
export function routeMethods(handlers: Partial<Record<Method, Handler>>): RouteHandlers {
  const refuse = methodRefusal(METHODS.filter((m) => handlers[m]));
  const refusal: Handler = async (request) => answerResponse(await refuse(request));
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ? refusingUnrouted(handlers[m], refusal) : refusal])) as RouteHandlers;
}

/** The same for a path of the route table, whose handlers may be ApiHandlers: the refusal is one too. */
export function tableMethods(handlers: Partial<Record<Method, OperationHandler>>): Record<Method, OperationHandler> {
  const refuse = methodRefusal(METHODS.filter((m) => handlers[m]));
  const refusal: Handler = async (request) => answerResponse(await refuse(request));
  const own = (handler: OperationHandler): OperationHandler =>
    typeof handler === "function"
      ? refusingUnrouted(handler, refusal)
      : { ...handler, answer: (request, context) => (unrouted(request) ? refuse(request) : handler.answer(request, context)) };
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ? own(handlers[m]) : { answer: refuse }])) as Record<Method, OperationHandler>;
}

/** The spec's envelope with `code`, whatever the method (a catch-all's 404 names the method asked and the path). */
function staticErrorAnswer(code: ErrorCode, details?: string) {
  return async (request: Request): Promise<JsonAnswer> =>
    jsonAnswer(ERROR_CODES[code].status, errorBody(code, details ?? `No route for ${askedMethod(request)} ${new URL(request.url).pathname}`), requestIdFor(request));
}

/** A catch-all's handler in the route table: the spec's envelope instead of an HTML page. */
export const staticError = (code: ErrorCode, details?: string): ApiHandler => ({ answer: staticErrorAnswer(code, details) });

/** The same as a route function, for a handler that answers with a Response (bench-route.ts, Inngest's route file). */
export function staticErrorResponse(code: ErrorCode, details?: string): Handler {
  const answer = staticErrorAnswer(code, details);
  return async (request) => answerResponse(await answer(request));
}
