import type { GatewayOutcome, MoneyOutForGateway } from "@/lib/integrations/gateways/adapter";
import type { OperatorPaymentStatus } from "@/lib/integrations/gateways/operators/operator-status";
import { isMtnNotFound } from "./mtn-momo-client";
import { mtnMomoOutcome } from "./mtn-momo-status";

// What MTN payouts and refunds share: the X-Reference-Id stored on the row before any call, and
// the status read, where MTN's 404 is "not_found" for the money-out engine to weigh against its grace.

export function moneyOutRequestId(item: Pick<MoneyOutForGateway, "reference" | "operatorRequestId">): string {
  if (!item.operatorRequestId) throw new Error(`live ${item.reference} has no X-Reference-Id`);
  return item.operatorRequestId;
}

export async function mtnMomoMoneyOutStatus(read: () => Promise<OperatorPaymentStatus>): Promise<GatewayOutcome | "not_found"> {
  try {
    return mtnMomoOutcome(await read());
  } catch (error) {
    if (isMtnNotFound(error)) return "not_found";
    throw error;
  }
}
