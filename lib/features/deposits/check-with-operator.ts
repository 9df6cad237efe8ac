import type { DbClient } from "@/lib/core/db/client";
import { applyGatewayOutcome } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { DomainError, notFound } from "@/lib/core/errors/domain-error";
import type { GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import { depositAdapter } from "@/lib/integrations/gateways/gateway-adapter";
import { operatorOutcome } from "@/lib/integrations/gateways/operators/operator-outcome";
import { OperatorError } from "@/lib/integrations/gateways/operators/operator-errors";
import { recordAudit } from "@/lib/features/audit/record-audit";

/**
 * The support view's "check with the operator now" (an admin's: it may change the deposit): reads the live deposit's status at its operator at once
 * (instead of waiting for the next poll) and records what it says, as the sweep would, including a
 * success after our expiry (the deposit completes late). Another final deposit is not changed, but
 * what the operator says is shown. Audited either way.
 */
export async function checkWithOperatorNow(client: DbClient, options: { staffId: string; reference: string; now?: Date }) {
  const now = options.now ?? new Date();
  const deposit = await client.deposit.findFirst({ where: { OR: [{ reference: options.reference }, { validatedReference: options.reference }] } });
  if (!deposit) throw notFound("Payment", options.reference);
  const readable = deposit.flow === "classic" || deposit.confirmedAt !== null;
  const adapter = deposit.environment === "live" && readable ? depositAdapter(deposit) : null;
  if (!adapter || !(deposit.operatorRequestId || deposit.operatorReference || deposit.flow === "otp")) {
    throw new DomainError("refused", { details: `${deposit.reference} is not a live payment an operator was asked to take` });
  }
  let operatorSays: GatewayOutcome;
  try {
    operatorSays = await adapter.status(deposit, now);
  } catch (error) {
    if (error instanceof OperatorError) throw operatorOutcome(error, "nothing was changed");
    throw error;
  }
  // applyGatewayOutcome records a pending deposit's answer, and a success after our expiry.
  const after = await applyGatewayOutcome(client, deposit, operatorSays, now);
  await recordAudit(client, {
    staffId: options.staffId,
    action: "deposit.operator_checked",
    targetType: "deposit",
    targetId: deposit.id,
    details: { reference: deposit.reference, operatorSays: operatorSays.status, before: deposit.status, after: after.status },
  });
  return {
    reference: deposit.reference,
    operatorSays: operatorSays.status,
    ...(operatorSays.status === "failed" ? { operatorReason: operatorSays.reason } : {}),
    status: after.status,
    operatorReference: after.operatorReference ?? (operatorSays.status !== "pending" ? (operatorSays.operatorReference ?? null) : null),
  };
}
