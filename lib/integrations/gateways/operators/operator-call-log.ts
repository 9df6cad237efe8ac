import { db, sqlOn } from "@/lib/core/db/client";
import { timestampParam } from "@/lib/core/db/sql";
import { ulid } from "@/lib/core/domain/ulid";
import { errorFields, log } from "@/lib/core/logging/log";
import type { OperatorCallOutcome } from "./operator-call-outcome";
import type { OperatorName } from "./operator-errors";

// Every call to an operator, and how it went, kept in the database (OperatorCall) for the
// operators' availability (lib/features/monitoring/operator-availability.ts): read from the
// database, it is the same whichever process or replica a customer's request lands on, where each
// process's own circuit and counters see only its own calls.

export type OperatorCallRecord = {
  operator: OperatorName;
  scope: string | null;
  operation: string;
  outcome: OperatorCallOutcome;
  durationMs: number;
  at: Date;
};

const INSERT = `INSERT INTO "OperatorCall" ("id", "operator", "scope", "operation", "outcome", "durationMs", "at")
  VALUES ($1, $2, $3, $4, $5, $6::int, $7::timestamp(3))`;

/**
 * Writes one call's record after the call, in the background: it never delays or fails the
 * payment it was made for (a lost record only thins the availability's window). The call is over
 * by then, so no transaction or lock of the payment's is held while it is written.
 */
export function logOperatorCall(call: OperatorCallRecord): void {
  const params = [`opc_${ulid()}`, call.operator, call.scope, call.operation, call.outcome, String(Math.round(call.durationMs)), timestampParam(call.at)];
  sqlOn(db())(INSERT, params).catch((error: unknown) => log("warn", "operator call not logged", { operator: call.operator, operation: call.operation, ...errorFields(error) }));
}
