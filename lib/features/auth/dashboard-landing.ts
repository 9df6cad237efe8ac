import type { DbClient } from "@/lib/core/db/client";
import { isLiveActivated } from "@/lib/features/merchants/live-activation";

/**
 * Where a sign-in lands when it asked for no page of its own (the dashboard's home): test mode
 * while the person's merchant cannot take live payments yet (as Stripe, Paystack, CinetPay and
 * FedaPay open a new account), live otherwise. A page asked for (?next=...) is kept as it is.
 * The merchant is the one a fresh session opens on: the person's first membership.
 */
export async function dashboardLanding(client: DbClient, email: string, next: string): Promise<string> {
  if (next !== "/dashboard") return next;
  const member = await client.member.findFirst({
    where: { user: { email: email.toLowerCase() } },
    orderBy: { createdAt: "asc" },
    select: { organization: { select: { merchant: { select: { liveActivatedAt: true } } } } },
  });
  return member && !isLiveActivated(member.organization.merchant) ? "/test/dashboard" : next;
}
