import type { z } from "zod";
import { db } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { authenticateApiKey, type MerchantPrincipal } from "@/lib/features/api-keys/authenticate-api-key";
import { countKeyRequest } from "@/lib/features/api-keys/key-usage-counter";
import { validationError } from "@/lib/core/errors/validation-errors";
import { limitHeaders } from "@/lib/core/limits/rate-limit";
import { log, logEnabled } from "@/lib/core/logging/log";
import { loggableUrl } from "@/lib/core/logging/loggable-url";
import type { ApiContext, ApiResult, AuthMode, InsertHandler, PhasedHandler, RouteConfig } from "./api-context";
import { limitApiClient, limitApiKey } from "./api-limits";
import { hostOrigin } from "./host-origin";
import { parseIdempotencyKey, runIdempotent, runIdempotentInsert, runIdempotentPhases, type StoredResponse } from "./idempotency";
import { errorAnswer, jsonAnswer, requestIdFor, type JsonAnswer } from "./json-answer";
import { readJsonBody } from "./read-json-body";
import type { Answerer, ApiHandler } from "./route-handler";
import { storableParams } from "./route-params";

// The route wrapper of the API: a route module's options and handler (api-context.ts) become the
// ApiHandler (route-handler.ts) its operation declares, which checks the key, spends the limit,
// reads and validates the body, keeps the idempotency record, answers errors in the envelope and
// logs the request, so that a route module holds its own work only.

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
function refusal(error: unknown, requestId: string, request: Request, rateLimit: Record<string, string>, refusalInBody: boolean): JsonAnswer {
  const response = errorAnswer(error, requestId, request, { refusalInBody });
  if (response.status !== 429) for (const [name, value] of Object.entries(rateLimit)) response.headers[name] = value;
  return response;
}

/** The request's log line (at LOG_LEVEL=info): never its headers or body. */
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
 * The one wrapper for API routes: auth, limits, JSON body, validation, idempotency, errors, logs;
 * the environment and the path's parameters are the router's (RouteCall). Its steps are built once
 * per route (this function's closures), not per request: a request runs them with no more awaits
 * than they need (it is on the API lane's hot path, issue 38).
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
        intent:
          typeof intent === "function" ? (client) => intent({ ...ctx, db: client })
          : "prepare" in intent ? { prepare: () => intent.prepare({ ...ctx, db: db() }) }
          : { locked: () => intent.locked({ ...ctx, db: db() }) },
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
    let principal: MerchantPrincipal | null = null;
    try {
      principal = asksKey(request) ? await authenticate(request, environment) : null;
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
      response = refusal(error, requestId, request, rateLimit, config.refusalInBody === true);
    }
    // The key's count for the merchant's view of its error rate (in memory; written in batches). A
    // request whose key was refused (unknown, revoked, another environment's) has no key to count under.
    if (principal) countKeyRequest(principal.keyId, response.status);
    if (logEnabled()) logRequest(request, requestId, environment, response, started);
    return response;
  };
  return { answer, scope: requiredScope ?? undefined, maxBodyBytes: config.maxBodyBytes };
}
