import "server-only";
import type { DepositForGateway, GatewayAdapter } from "@/lib/integrations/gateways/adapter";
import { gatewayOutcome } from "@/lib/integrations/gateways/operators/gateway-outcome";
import { OperatorUnknownOutcomeError, paymentMaybeSent } from "@/lib/integrations/gateways/operators/operator-errors";
import { log } from "@/lib/core/logging/log";
import type { OrangeMoneyClient } from "./orange-money-client";
import { OrangeCodeRefusedError } from "./orange-money-refusals";

// Orange Money (Sonatel OM API) behind the GatewayAdapter seam (OTP). The customer generates the
// code on the phone (Orange's USSD menu), so our generate-invoice makes no operator call; confirm
// submits the one-step payment with the code, and Orange's answer is the payment's outcome. Only a
// code Orange refuses is one of our 5 tries (orange-money-refusals.ts): its refusals of our call
// (credentials, token path, 415, 429, bad parameters) are thrown, the merchant gets 502/503 and
// the customer keeps the try. The one-step payment has no idempotency key: it is never resent;
// after an unknown outcome the transaction is found by our reference. A deposit is never confirmed
// twice meanwhile: lib/features/deposits/confirm-deposit.ts claims the invoice before calling.

const charged = (deposit: DepositForGateway) => deposit.amountMinor + deposit.feesMinor;

export function createOrangeMoneyAdapter(client: OrangeMoneyClient): GatewayAdapter {
  return {
    initiate: () => Promise.reject(new Error("Orange Money is an OTP gateway: generate-invoice, then confirm")),

    async status(deposit) {
      if (deposit.operatorReference) return gatewayOutcome(await client.transactionStatus(deposit.operatorReference));
      const found = await client.findByReference(deposit.reference, deposit.otpAttempts ?? 0);
      return found ? gatewayOutcome(found) : { status: "pending", said: "no transaction for this reference" };
    },

    async sendOtp() {
      return { otpHash: null };
    },

    async verifyOtp(deposit, otp) {
      try {
        const status = await client.payWithOtp({
          reference: deposit.reference,
          amountMinor: charged(deposit),
          currency: deposit.currency,
          phone: deposit.customerPhone,
          otp,
        });
        const outcome = gatewayOutcome(status);
        if (outcome.status !== "pending") return outcome;
        return { status: "pending", ...(status.operatorReference ? { operatorReference: status.operatorReference } : {}) };
      } catch (error) {
        if (error instanceof OrangeCodeRefusedError) {
          log("info", "orange-money refused the code", { reference: deposit.reference, operatorCode: error.operatorCode });
          return { status: "wrong_code" };
        }
        // Sent, answer lost: the payment may have gone through. Never resent; read back by reference.
        if (error instanceof OperatorUnknownOutcomeError && paymentMaybeSent(error)) return { status: "pending" };
        throw error;
      }
    },
  };
}
