import type { Scope } from "@/lib/core/domain/api-keys";
import type { Environment } from "@/lib/core/domain/environment";
import type { JsonAnswer } from "./json-answer";
import type { NextRouteContext } from "./route-params";

// What answers one method of a route: a function making a Response, as Next's route files export
// them, or an ApiHandler, whose facts (its answer as a JsonAnswer, the key's scope, the body's
// limit) are fields that the route table, the lane and the checks of the OpenAPI text read.

/**
 * What an ApiHandler is told of its request besides the Request: what the route table's router
 * found (lib/surfaces/api-routes/router.ts, RouteMatch), the path's parameters and its environment
 * (the sandbox when it matched under "/test"); and from the API lane, the body's bytes it read
 * before making the Request (lib/surfaces/api-routes/lane-request.ts), which the wrapper reads as
 * they are rather than back through the Request's stream.
 */
export type RouteCall = { params: Record<string, string>; environment: Environment; bodyBytes?: Uint8Array };

/** An ApiHandler's answer, a JsonAnswer (json-answer.ts) rather than a Response. */
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
