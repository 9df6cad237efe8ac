import type { GatewayOutcome } from "@/lib/gateways/adapter";
import type { OperatorPaymentStatus } from "./operator-status";

/** An operator's status in the seam's words, with the operator's own time and transaction reference. */
export function gatewayOutcome(status: OperatorPaymentStatus): GatewayOutcome {
  const reference = status.operatorReference ? { operatorReference: status.operatorReference } : {};
  const at = status.occurredAt ? { at: status.occurredAt } : {};
  if (status.state === "succeeded") return { status: "completed", ...at, ...reference };
  if (status.state === "failed") return { status: "failed", reason: status.reason ?? "operator_failed", ...at, ...reference };
  return { status: "pending" };
}
