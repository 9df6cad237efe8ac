import type { Environment } from "@/lib/domain/environment";
import { liveAdapter } from "./live-adapters";
import { sandboxSimulator } from "./sandbox-simulator";

/**
 * What an operator tells us about a deposit: still waiting, or a final answer with the operator's
 * time of it (`at`). We may learn of an answer late (a restart, a slow callback): the deposit, its
 * link and the ledger are stamped with `at`, and a payment approved before its link's expiry pays
 * the link even when we hear of it after. Leave `at` out only when the operator gives no time.
 */
export type GatewayOutcome =
  | { status: "pending" }
  | { status: "completed"; at?: Date; operatorReference?: string; /** Payouts: what the operator charged us for it (Wave's fee). */ operatorFeeMinor?: bigint }
  | { status: "failed"; reason: string; at?: Date; operatorReference?: string };

/**
 * What the operator said to an OTP code. A wrong (or used) code is one of our 5 tries; the others
 * are the payment's outcome (an operator such as Orange Money takes the payment with the code).
 */
export type OtpOutcome =
  | { status: "wrong_code" }
  | { status: "completed"; at?: Date; operatorReference?: string }
  | { status: "failed"; reason: string; at?: Date; operatorReference?: string }
  /** The operator has not decided yet (or we lost its answer): the status read settles it. */
  | { status: "pending"; operatorReference?: string };

export type DepositForGateway = {
  reference: string;
  environment: Environment;
  paymentType: string;
  gatewayName: string;
  amountMinor: bigint;
  feesMinor: bigint;
  currency: string;
  customerPhone: string;
  createdAt: Date;
  otpHash: string | null;
  /** Set when the hosted checkout replaced this attempt with a newer one of the same customer. */
  supersededAt?: Date | null;
  /** Live operators: the id of our request to the operator, stored on the deposit before the call. */
  operatorRequestId?: string | null;
  /** The operator's transaction reference once known (an Orange transactionId to read the status by). */
  operatorReference?: string | null;
  /** Where a REDIRECT operator sends the customer back (the checkout, or the merchant's returnUrl). */
  returnUrl?: string | null;
};

/**
 * One mobile-money operator. Production operators implement this and register in
 * `liveAdapters`; in the sandbox every gateway is served by the simulator.
 */
export type GatewayAdapter = {
  /**
   * Live operators: the id our request will carry (MTN's X-Reference-Id). The deposit is written
   * with it before the operator is called, so an unknown outcome can always be read back by it.
   */
  newRequestId?(deposit: DepositForGateway): string;
  /** DIRECT: push the prompt to the phone. REDIRECT: return the page to send the customer to. */
  initiate(
    deposit: DepositForGateway,
    /** origin: where the operator reaches us (callbacks, return pages): the public base URL for live operators (lib/domain/public-base-url.ts). */
    context: { origin: string },
  ): Promise<{ redirectUrl?: string; /** The operator's id for our request when it assigns one (a Wave session id): replaces ours. */ operatorRequestId?: string }>;
  /**
   * The operator's current answer for a DIRECT or REDIRECT deposit. Throws when the operator could
   * not be asked (lib/gateways/operators/operator-errors.ts): that says nothing about the payment.
   */
  status(deposit: DepositForGateway, now: Date): Promise<GatewayOutcome>;
  /**
   * OTP: have the operator text a code to the customer; returns what we keep to check it (null
   * where the customer generates the code at the operator, which checks it: Orange Money).
   */
  sendOtp(deposit: DepositForGateway): Promise<{ otpHash: string | null }>;
  /** OTP: check the customer's code, or pay with it where the operator takes the code with the payment. */
  verifyOtp(deposit: DepositForGateway, otp: string): Promise<OtpOutcome>;
};

/** The sandbox simulator, or the live operator serving the gateway here (null: 502, nothing created). */
export function gatewayAdapter(gatewayName: string, environment: Environment): GatewayAdapter | null {
  return environment === "sandbox" ? sandboxSimulator : liveAdapter(gatewayName);
}
