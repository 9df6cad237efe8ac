import type { z } from "zod";
import type { Scope } from "@/lib/core/domain/api-keys";
import type { RowInsertStatement } from "@/lib/core/db/sql";
import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import type { MerchantPrincipal } from "@/lib/features/api-keys/authenticate-api-key";
import type { PreparedRow } from "@/lib/core/db/prepared-row";
import type { LockedWrite } from "@/lib/core/db/locked-write";

// What an API route module declares to the route wrapper (api-route.ts, apiRoute): its options, and
// the handler's shapes, what it is given (ApiContext) and what it answers (ApiResult).

/** A handler's answer: its status (200 unless it says), the body to send as JSON, headers of its own. */
export type ApiResult = { status?: number; body: unknown; headers?: Record<string, string> };

/** An API key with this scope, a key only when one is sent ("optional"), or none at all. */
export type AuthMode = { scope: Scope } | "optional" | "none";

export type RouteConfig<TBody> = {
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
  /**
   * The checkout page's own API only: an error also names its refusal's `field` and `rule`
   * (lib/core/errors/refusal-rules.ts), for the page to say it in the customer's words. Never on
   * the merchant API, whose Error object is the spec's: code, message, details.
   */
  refusalInBody?: boolean;
};

/** What the handler is given: the request, what the wrapper read of it, and the client to write in. */
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
  /**
   * Writes in the client it is given; or, for one row, prepares it (idempotency.ts: then it goes
   * with the key's claim in one statement); or prepares a write under a lock (a transfer, a refund:
   * lib/core/db/locked-write.ts; then the key's claim and recovery point go in its transaction).
   */
  intent:
    | ((ctx: ApiContext<TBody, TAuth>) => Promise<R>)
    | { prepare: (ctx: ApiContext<TBody, TAuth>) => Promise<PreparedRow<R>> }
    | { locked: (ctx: ApiContext<TBody, TAuth>) => Promise<LockedWrite<R>> };
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
