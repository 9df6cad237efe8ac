import "server-only";
import type { DepositForGateway, GatewayAdapter } from "@/lib/gateways/adapter";
import { gatewayOutcome } from "@/lib/gateways/operators/gateway-outcome";
import { errorFields, log } from "@/lib/logging/log";
import type { WaveClient } from "./wave-client";

// Wave Checkout behind the GatewayAdapter seam (REDIRECT: the customer pays in the Wave app from
// the session's wave_launch_url, the deposit's url). Our idempotency key towards Wave is the
// deposit reference, stored before the call; the session id Wave assigns replaces it as the id
// we read the status by. Without a session (a timeout) there is no URL to pay: nothing is kept.

const charged = (deposit: DepositForGateway) => deposit.amountMinor + deposit.feesMinor;

export function createWaveAdapter(client: WaveClient): GatewayAdapter {
  return {
    newRequestId: (deposit) => deposit.reference,

    async initiate(deposit, { origin }) {
      const back = deposit.returnUrl ?? origin;
      const session = await client.createCheckoutSession({
        idempotencyKey: deposit.reference,
        amountMinor: charged(deposit),
        currency: deposit.currency,
        clientReference: deposit.reference,
        successUrl: back,
        errorUrl: back,
        restrictPayerMobile: deposit.customerPhone,
      });
      return { redirectUrl: session.launchUrl, operatorRequestId: session.id };
    },

    async status(deposit) {
      // Before its session is known the deposit has only our reference: nothing to read yet.
      if (!deposit.operatorRequestId || deposit.operatorRequestId === deposit.reference) return { status: "pending" };
      const session = await client.getCheckoutSession(deposit.operatorRequestId);
      const outcome = gatewayOutcome(session.status);
      // A failed attempt is final for us: close the session so it cannot be paid after all.
      if (outcome.status === "failed" && session.status.reason !== "expired") {
        await client.expireCheckoutSession(session.id).catch((error: unknown) =>
          log("warn", "wave session not expired after a failed attempt", { reference: deposit.reference, ...errorFields(error) }),
        );
      }
      return outcome;
    },

    sendOtp: () => Promise.reject(new Error("Wave has no OTP flow")),
    verifyOtp: () => Promise.reject(new Error("Wave has no OTP flow")),
  };
}
