import "server-only";
import type { DepositForGateway, GatewayAdapter } from "@/lib/gateways/adapter";
import { gatewayOutcome } from "@/lib/gateways/operators/gateway-outcome";
import { OperatorRejectedError, OperatorUnknownOutcomeError, paymentMaybeSent } from "@/lib/gateways/operators/operator-errors";
import { log } from "@/lib/logging/log";
import type { OrangeMoneyClient } from "./orange-money-client";

// Orange Money (Sonatel OM API) behind the GatewayAdapter seam (OTP). The customer generates the
// code on the phone (Orange's USSD menu), so our generate-invoice makes no operator call; confirm
// submits the one-step payment with the code, and Orange's answer is the payment's outcome. A code
// Orange refuses (wrong or used) is one of our 5 tries. The one-step payment has no idempotency
// key: it is never resent; after an unknown outcome the transaction is found by our reference.

const charged = (deposit: DepositForGateway) => deposit.amountMinor + deposit.feesMinor;

export function createOrangeMoneyAdapter(client: OrangeMoneyClient): GatewayAdapter {
  return {
    initiate: () => Promise.reject(new Error("Orange Money is an OTP gateway: generate-invoice, then confirm")),

    async status(deposit) {
      const status = deposit.operatorReference
        ? await client.transactionStatus(deposit.operatorReference)
        : await client.findByReference(deposit.reference);
      return status ? gatewayOutcome(status) : { status: "pending" };
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
        // Orange refuses a wrong or used code with a 4xx (its code for it is not documented): a wrong try.
        if (error instanceof OperatorRejectedError) {
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
