import type { GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import type { OperatorPaymentStatus } from "./operator-status";

/**
 * An operator's status in the seam's words, with the operator's own time, transaction reference
 * and words (`said`, for support), and, for a success, the amount and currency it says were paid
 * (compared with ours before anything completes).
 */
export function gatewayOutcome(status: OperatorPaymentStatus): GatewayOutcome {
  const reference = status.operatorReference ? { operatorReference: status.operatorReference } : {};
  const at = status.occurredAt ? { at: status.occurredAt } : {};
  const said = status.operatorCode ? { said: status.operatorCode } : {};
  if (status.state === "succeeded") {
    const figures = { ...(status.amountMinor !== undefined ? { amountMinor: status.amountMinor } : {}), ...(status.currency ? { currency: status.currency } : {}) };
    return { status: "completed", ...at, ...reference, ...said, ...figures };
  }
  if (status.state === "failed") return { status: "failed", reason: status.reason ?? "operator_failed", ...at, ...reference, ...said };
  return { status: "pending", ...said };
}
