import type { PawapayAvailability, PawapayOperationType } from "./pawapay-client";
import { gatewayOfPawapayProvider } from "./pawapay-providers";

// pawaPay's provider availability (GET /v2/availability) in our gateways' words, for a checkout
// that shows operators: OPERATIONAL "open for processing requests"; DELAYED: for payouts, "being
// enqueued and processed once the problems have been resolved" (a payout still goes: it waits);
// CLOSED: "all requests are being rejected" (docs/operators-pawapay.md, "Availability"). What
// DELAYED means for a deposit pawaPay's page does not say: shown as delayed, never as closed.

export type GatewayAvailability = "operational" | "delayed" | "closed";

const OURS: Record<PawapayAvailability["status"], GatewayAvailability> = { OPERATIONAL: "operational", DELAYED: "delayed", CLOSED: "closed" };

/** Our gateways' availability for one operation; a gateway pawaPay does not list is left out (unknown, not closed). */
export function gatewayAvailability(entries: PawapayAvailability[], operation: PawapayOperationType): Map<string, GatewayAvailability> {
  const availability = new Map<string, GatewayAvailability>();
  for (const entry of entries) {
    if (entry.operationType !== operation) continue;
    const gateway = gatewayOfPawapayProvider(entry.provider);
    if (gateway) availability.set(gateway, OURS[entry.status]);
  }
  return availability;
}
