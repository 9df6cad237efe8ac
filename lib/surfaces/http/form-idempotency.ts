import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { isFormToken } from "@/lib/core/domain/form-token";
import { DomainError } from "@/lib/core/errors/domain-error";
import { isStillProcessing, runIdempotent, runIdempotentPhases, type IdempotencyScope, type StoredResponse } from "./idempotency";

// The forms that move money (the dashboard's withdrawal and refund, support's decisions) go through
// the API's idempotency (idempotency.ts: the same table, claims, phases and recovery points), with
// the form's one-time token (lib/core/domain/form-token.ts) as the key: the same form sent twice is
// done once, and every later post of it answers the first's outcome.

/** Who sent a form: a merchant's member (better-auth's user id) or a staff account. */
export type FormSender = { member: string } | { staff: string };

/** What a form's token is scoped to: the merchant and environment the money is in, the form's action, who sent it. */
export type FormScope = { merchantId: string; environment: Environment; action: string; sender: FormSender };

/**
 * The key's scope in the API's table: its route names the form's action and its sender, so a token
 * never meets an API request's key nor another person's form ("form:" is no operation name of the API).
 */
export function formIdempotencyScope({ merchantId, environment, action, sender }: FormScope): IdempotencyScope {
  const who = "member" in sender ? `member:${sender.member}` : `staff:${sender.staff}`;
  return { merchantId, environment, route: `form:${action}:${who}` };
}

/**
 * The form's token, or the refusal of a form without a valid one: a form drawn before tokens
 * existed (a cached page), or a post made by hand, would otherwise be done as often as it is sent.
 */
export function requireFormToken(value: unknown, field = "formToken"): string {
  if (isFormToken(value)) return value;
  throw new DomainError("invalid", { details: `${field} is missing or malformed: reload the form and send it again`, hint: "formToken" });
}

/**
 * How long a post waits for the first post of its form to finish before saying it is still being
 * processed: a double tap's second post then answers what the first did (the browser shows the last
 * answer) rather than "in progress". Longer than a decision or a sandbox send takes; a live send
 * waiting on a slow operator may outlast it, and the post then says so.
 */
export const FORM_WAIT_MS = 5_000;
const POLL_MS = 100;

async function waitingForFirst(run: () => Promise<StoredResponse>): Promise<StoredResponse> {
  const deadline = Date.now() + FORM_WAIT_MS;
  for (;;) {
    try {
      return await run();
    } catch (error) {
      if (!isStillProcessing(error) || Date.now() + POLL_MS > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/**
 * A form's work that writes and calls nothing outside, done at most once per token: `operation`
 * runs in the transaction that stores its answer (runIdempotent). `values`: what the form asked,
 * as its rules read it; the same token with other values is refused (422/40020).
 */
export function runFormOnce(scope: FormScope, token: string, values: unknown, operation: (tx: DbClient) => Promise<unknown>): Promise<StoredResponse> {
  return waitingForFirst(() => runIdempotent(formIdempotencyScope(scope), token, values, async (tx) => ({ status: 200, body: await operation(tx) })));
}

/** A form's work that calls an operator, at most once per token, in the API's atomic phases (runIdempotentPhases). */
export function runFormOncePhases<R extends { id: string }>(
  scope: FormScope,
  token: string,
  values: unknown,
  phases: { intent: (client: DbClient) => Promise<R>; complete: (resourceId: string, written: R | null) => Promise<unknown> },
): Promise<StoredResponse> {
  return waitingForFirst(() =>
    runIdempotentPhases(formIdempotencyScope(scope), token, values, {
      intent: phases.intent,
      complete: async (id, written) => ({ status: 200, body: await phases.complete(id, written) }),
    }),
  );
}
