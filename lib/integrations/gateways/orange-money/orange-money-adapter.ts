import "server-only";
import type { DepositForGateway, GatewayAdapter } from "@/lib/integrations/gateways/adapter";
import type { OperatorPaymentStatus } from "@/lib/integrations/gateways/operators/operator-status";
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

/**
 * Orange's answers about the payment we submitted carry no amount: the one-step answer is
 * {reference, transactionId, status, description} (OM-php-sdk's OneStepPayResponse) and the status
 * read by transactionId {"status": "SUCCESS"} only (OM-horus, production; docs/operators.md,
 * Orange). Both are bound to our request, made with our amount and currency: those are its
 * figures. A figure Orange does report (a transaction found by the search) is compared as is.
 */
function ofOurRequest(deposit: DepositForGateway, status: OperatorPaymentStatus): OperatorPaymentStatus {
  return { amountMinor: charged(deposit), currency: deposit.currency, ...status };
}

export function createOrangeMoneyAdapter(client: OrangeMoneyClient): GatewayAdapter {
  return {
    initiate: () => Promise.reject(new Error("Orange Money is an OTP gateway: generate-invoice, then confirm")),

    async status(deposit) {
      if (deposit.operatorReference) return gatewayOutcome(ofOurRequest(deposit, await client.transactionStatus(deposit.operatorReference)));
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
        const outcome = gatewayOutcome(ofOurRequest(deposit, status));
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
